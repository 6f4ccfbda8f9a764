import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertAdmin, routeId, type AuthenticatedUser, type EventStore } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand } from '../commandHandling';
import { nextId } from '../accounts/emailReservations';
import { assertUsable, loadAccount } from '../access/account';
import { hashPassword } from '../access/passwords';
import { answer, metadataFor } from '../http/answer';
import { asBody, emailRule, field, minLength, optionalText, required, validate, type Rule } from '../http/input';
import { adminStream } from './admin';
import { adminDecider, type AdminCommand } from './decideAdmin';

const EMAIL_TAKEN = 'An administrator with this email already exists';
const ADMIN_DEACTIVATION_LOCK = 4_240_031;

/** The admin form's rules; on edit a blank password keeps the current one. */
function readAdminForm(body: Record<string, unknown>, creating: boolean) {
  const name = optionalText(body, 'name')?.trim();
  const email = optionalText(body, 'email')?.trim();
  const password = optionalText(body, 'password') ?? '';
  const confirm = optionalText(body, 'confirmPassword', 'confirm_password');
  const passwordRules: Rule[] = creating ? [required('Password is required')] : [];
  validate([
    ['name', name, [required('Name is required')]],
    ['email', email, [required('Email is required'), emailRule('Invalid email format')]],
    ['password', password, [...passwordRules, minLength(8, 'Password must be at least 8 characters')]],
    [
      'confirmPassword',
      confirm,
      confirm === undefined ? [] : [{ fails: (value) => value !== password, message: 'Passwords do not match' }],
    ],
  ]);
  return { name: name as string, email: email as string, password };
}

/** Active administrators across all admin streams, folded from the log itself (not a projection). */
export async function countActiveAdmins(store: EventStore): Promise<number> {
  const active = new Set<number>();
  let after = 0;
  for (;;) {
    const page = await store.readAll({ after, types: ['AdminCreated', 'AdminDeactivated'], maxCount: 1000 });
    for (const event of page.events) {
      const { adminId } = event.data as { adminId: number };
      if (event.type === 'AdminCreated') active.add(adminId);
      else active.delete(adminId);
    }
    if (page.scannedUpTo === after || page.events.length < 1000) return active.size;
    after = page.scannedUpTo;
  }
}

export function adminRoutes(router: Router, deps: CommandDeps): void {
  const run = (ctx: Context, user: AuthenticatedUser, id: number, command: AdminCommand) =>
    handleCommand(deps.store, adminStream(id), adminDecider, command, metadataFor(ctx, user, null));

  router.post('/admin/create', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const form = readAdminForm(asBody(ctx.request.body), true);
    const adminId = await nextId(deps.knex, 'admin_ids');
    const passwordHash = await hashPassword(form.password);
    const { result } = await deps.reservations.withReservation('admin', form.email, adminId, EMAIL_TAKEN, () =>
      run(ctx, user, adminId, { type: 'CreateAdmin', adminId, name: form.name, email: form.email, passwordHash }),
    );
    ctx.status = 201;
    answer(ctx, 'Admin created successfully', { id: adminId, name: form.name, email: form.email, is_active: true }, result);
  });

  const update = async (ctx: Context, user: AuthenticatedUser, id: number, message: string) => {
    const body = asBody(ctx.request.body);
    const form = readAdminForm(body, false);
    const photo = field(body, 'profilePhoto', 'profile_photo');
    const profilePhoto = photo === undefined ? undefined : photo === null || photo === '' ? null : String(photo);
    const { result, state } = await deps.reservations.withReservation(
      'admin',
      form.email,
      id,
      EMAIL_TAKEN,
      () => run(ctx, user, id, { type: 'ChangeAdminDetails', name: form.name, email: form.email, profilePhoto }),
      (outcome) => (outcome.state.status === 'none' ? null : outcome.state.email),
    );
    let last = result;
    if (form.password !== '') {
      last =
        (await run(ctx, user, id, { type: 'ChangeAdminPassword', passwordHash: await hashPassword(form.password), via: 'profile' }))
          .result ?? last;
    }
    const isActive = state.status === 'active';
    answer(
      ctx,
      message,
      { id, name: form.name, email: form.email, is_active: isActive, ...(profilePhoto !== undefined ? { profilePhoto } : {}) },
      last,
    );
  };
  router.put('/admin/update/:id', async (ctx) =>
    update(ctx, assertAdmin(ctx.state.user), routeId(ctx.params.id, 'Administrator'), 'Admin updated successfully'),
  );
  router.put('/admin/profile', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    // A profile change sends only what changed: the rest is merged from the current account.
    ctx.request.body = { name: user.name, email: user.email, ...asBody(ctx.request.body) };
    await update(ctx, user, user.id, 'Profile updated successfully');
  });

  router.delete('/admin/deactivate/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const id = routeId(ctx.params.id, 'Administrator');
    // Two admins deactivating each other at once would each count two active admins and leave none:
    // one lock across API instances makes the count and the append a single step.
    const { result } = await deps.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ADMIN_DEACTIVATION_LOCK]);
      assertUsable(await loadAccount(deps.store, 'admin', user.id));
      const activeAdmins = await countActiveAdmins(deps.store);
      return run(ctx, user, id, { type: 'DeactivateAdmin', requestedBy: user.id, activeAdmins });
    });
    answer(ctx, 'Admin deactivated successfully', { id, is_active: false }, result);
  });
}
