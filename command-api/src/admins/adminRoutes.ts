import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  activeAdministrators,
  ADMIN_ACCOUNT_EVENTS,
  adminRoles,
  assertAdmin,
  evolveAdminAccounts,
  routeId,
  type AdminAccounts,
  type AdminRole,
  type AuthenticatedUser,
  type EventStore,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand } from '../commandHandling';
import { nextId } from '../accounts/emailReservations';
import { assertUsable, loadAccount } from '../access/account';
import { hashPassword } from '../access/passwords';
import { answer, metadataFor } from '../http/answer';
import { asBody, emailRule, field, matches, minLength, optionalText, required, validate, type Rule } from '../http/input';
import { adminStream } from './admin';
import { adminDecider, type AdminCommand } from './decideAdmin';

const EMAIL_TAKEN = 'An administrator with this email already exists';
const ADMIN_DEACTIVATION_LOCK = 4_240_031;

const ROLE_CHOICE = `Role must be one of: ${adminRoles.join(', ')}`;

/**
 * The admin form's rules; on edit a blank password keeps the current one. `role` is undefined when
 * the form does not send one (created accounts are then administrators, edited ones keep theirs).
 */
function readAdminForm(body: Record<string, unknown>, creating: boolean) {
  const name = optionalText(body, 'name')?.trim();
  const email = optionalText(body, 'email')?.trim();
  const password = optionalText(body, 'password') ?? '';
  const confirm = optionalText(body, 'confirmPassword', 'confirm_password');
  const role = field(body, 'role');
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
    // Anything but one of the roles' exact names (a number, a list, "Auditor") is refused, never read as the default.
    ['role', role === undefined ? undefined : typeof role === 'string' ? role : '?', role === undefined ? [] : [isRole]],
  ]);
  return { name: name as string, email: email as string, password, role: role as AdminRole | undefined };
}
const isRole: Rule = matches(new RegExp(`^(${adminRoles.join('|')})$`), ROLE_CHOICE);

/**
 * Active accounts with the administrator role across all admin streams, folded from the log itself
 * (not a projection): the one count the last-administrator rules read. Auditors are not counted.
 */
export async function countActiveAdministrators(store: EventStore): Promise<number> {
  const accounts: AdminAccounts = new Map();
  let after = 0;
  for (;;) {
    const page = await store.readAll({ after, types: ADMIN_ACCOUNT_EVENTS, maxCount: 1000 });
    for (const event of page.events) evolveAdminAccounts(accounts, event);
    if (page.scannedUpTo === after || page.events.length < 1000) return activeAdministrators(accounts);
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
    const role = form.role ?? 'administrator';
    const { result } = await deps.reservations.withReservation('admin', form.email, adminId, EMAIL_TAKEN, () =>
      run(ctx, user, adminId, { type: 'CreateAdmin', adminId, name: form.name, email: form.email, passwordHash, role }),
    );
    ctx.status = 201;
    answer(ctx, 'Admin created successfully', { id: adminId, name: form.name, email: form.email, role, is_active: true }, result);
  });

  /**
   * Two admins deactivating or demoting each other at once would each count two active administrators
   * and leave none: one lock across API instances makes the count and the append a single step, and the
   * requester must still be usable when it is taken.
   */
  const lockedAdminCount = <T>(user: AuthenticatedUser, append: (activeAdministrators: number) => Promise<T>): Promise<T> =>
    deps.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ADMIN_DEACTIVATION_LOCK]);
      assertUsable(await loadAccount(deps.store, 'admin', user.id));
      return append(await countActiveAdministrators(deps.store));
    });

  const update = async (ctx: Context, user: AuthenticatedUser, id: number, message: string) => {
    const body = asBody(ctx.request.body);
    const form = readAdminForm(body, false);
    const photo = field(body, 'profilePhoto', 'profile_photo');
    const profilePhoto = photo === undefined ? undefined : photo === null || photo === '' ? null : String(photo);
    // The role first: a refused change (one's own role, the last administrator's) writes nothing else.
    const { role } = form;
    const roleChange =
      role === undefined
        ? null
        : await lockedAdminCount(user, (activeAdministrators) =>
            run(ctx, user, id, { type: 'ChangeAdminRole', role, requestedBy: user.id, activeAdministrators }),
          );
    const { result, state } = await deps.reservations.withReservation(
      'admin',
      form.email,
      id,
      EMAIL_TAKEN,
      () => run(ctx, user, id, { type: 'ChangeAdminDetails', name: form.name, email: form.email, profilePhoto }),
      (outcome) => (outcome.state.status === 'none' ? null : outcome.state.email),
    );
    let last = result ?? roleChange?.result;
    if (form.password !== '') {
      last =
        (await run(ctx, user, id, { type: 'ChangeAdminPassword', passwordHash: await hashPassword(form.password), via: 'profile' }))
          .result ?? last;
    }
    const isActive = state.status === 'active';
    answer(
      ctx,
      message,
      {
        id,
        name: form.name,
        email: form.email,
        ...(state.status === 'none' ? {} : { role: state.role }),
        is_active: isActive,
        ...(profilePhoto !== undefined ? { profilePhoto } : {}),
      },
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
    const { result } = await lockedAdminCount(user, (activeAdmins) =>
      run(ctx, user, id, { type: 'DeactivateAdmin', requestedBy: user.id, activeAdmins }),
    );
    answer(ctx, 'Admin deactivated successfully', { id, is_active: false }, result);
  });
}
