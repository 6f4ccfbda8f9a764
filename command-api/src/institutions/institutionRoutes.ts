import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertAdmin, assertServableLogo, assertSignedIn, logoUrl, routeId, ValidationError, type AuthenticatedUser } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand } from '../commandHandling';
import { eventMetadata } from '../eventMetadata';
import { nextId } from '../accounts/emailReservations';
import { AttemptLimits, type AttemptLimit } from '../access/attemptLimits';
import { hashPassword } from '../access/passwords';
import { answer, metadataFor } from '../http/answer';
import { asBody, emailRule, field, minLength, optionalText, required, validate, type Rule } from '../http/input';
import { institutionDecider, type InstitutionCommand } from './decideInstitution';
import { institutionStream } from './institution';
import { confirmationRules } from '../passwordReset/newPasswordRules';

const EMAIL_TAKEN = 'An institution with this email is already registered';
export const DEFAULT_REGISTRATIONS_PER_HOUR = 20;

export function institutionRoutes(router: Router, deps: CommandDeps): void {
  const run = (ctx: Context, user: AuthenticatedUser | null, id: number, command: InstitutionCommand) =>
    handleCommand(
      deps.store,
      institutionStream(id),
      institutionDecider,
      command,
      user ? metadataFor(ctx, user, id) : systemlessMeta(ctx, id),
    );
  // Registration is open to anyone and writes to the log: one network may only register so many.
  const registrations: AttemptLimit = {
    name: 'registration-ip',
    max: deps.requestLimits?.registrationsPerHour ?? DEFAULT_REGISTRATIONS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: (minutes) => `Too many registrations from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  };
  const limits = new AttemptLimits(deps.knex);

  router.post('/institution/create', async (ctx) => {
    const ipKey = `ip:${ctx.ip}`;
    await limits.refuseIfLimited([[registrations, ipKey]]);
    const body = asBody(ctx.request.body);
    const name = optionalText(body, 'name')?.trim();
    const email = optionalText(body, 'email')?.trim();
    const password = optionalText(body, 'password');
    const confirm = optionalText(body, 'confirmPassword', 'confirm_password');
    const terms = field(body, 'acceptTerms', 'termsAccepted', 'terms');
    validate([
      ['name', name, [required('Institution name is required'), minLength(2, 'Institution name must be at least 2 characters')]],
      ['email', email, [required('Email is required'), emailRule('Please enter a valid email address')]],
      ['password', password, [required('Password is required'), minLength(8, 'Password must be at least 8 characters')]],
      ...(confirm !== undefined ? [['confirmPassword', confirm, confirmationRules(password ?? '')] as [string, string, Rule[]]] : []),
    ]);
    if (terms === false) throw new ValidationError('You must accept the terms and conditions');
    // A form that fails validation writes nothing; every other attempt counts, whatever its outcome.
    await limits.count([[registrations, ipKey]]);
    const institutionId = await nextId(deps.knex, 'institution_ids');
    const passwordHash = await hashPassword(password as string);
    const { result } = await deps.reservations.withReservation('institution', email as string, institutionId, EMAIL_TAKEN, () =>
      run(ctx, null, institutionId, {
        type: 'RegisterInstitution',
        institutionId,
        name: name as string,
        email: email as string,
        passwordHash,
      }),
    );
    ctx.status = 201;
    answer(
      ctx,
      'Registration successful. Your institution account has been created and is pending approval by the administrators.',
      { id: institutionId, name, email, is_active: false, status: 'pending' },
      result,
    );
  });

  const approve = async (ctx: Context, id: number) => {
    const user = assertAdmin(ctx.state.user);
    const { result } = await run(ctx, user, id, { type: 'ApproveInstitution' });
    answer(ctx, 'Institution approved successfully', { id, status: 'approved', is_active: true }, result);
  };
  const reject = async (ctx: Context, id: number) => {
    const user = assertAdmin(ctx.state.user);
    const reason = optionalText(asBody(ctx.request.body), 'reason', 'rejectionReason', 'comment')?.trim() ?? '';
    if (reason === '') throw new ValidationError('Please provide a reason for rejection');
    const { result } = await run(ctx, user, id, { type: 'RejectInstitution', reason });
    answer(ctx, 'Institution rejected successfully', { id, status: 'rejected', is_active: false }, result);
  };
  router.post('/admin/institutions/:id/approve', (ctx) => approve(ctx, routeId(ctx.params.id, 'Institution')));
  router.post('/admin/institutions/:id/reject', (ctx) => reject(ctx, routeId(ctx.params.id, 'Institution')));
  // The approvals screen's set-approval call: true approves, false rejects (with a reason).
  router.patch('/admin/institutions/:id/approval', async (ctx) => {
    assertAdmin(ctx.state.user);
    const id = routeId(ctx.params.id, 'Institution');
    const approved = field(asBody(ctx.request.body), 'approved', 'approve', 'is_approved', 'isApproved');
    if (typeof approved !== 'boolean') throw new ValidationError('approved must be true or false');
    return approved ? approve(ctx, id) : reject(ctx, id);
  });

  router.post('/institution/deactivate/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const id = routeId(ctx.params.id, 'Institution');
    const comment = optionalText(asBody(ctx.request.body), 'comment', 'reason')?.trim() || 'Deactivated by an administrator';
    const { result } = await run(ctx, user, id, { type: 'SetInstitutionActive', isActive: false, comment });
    answer(ctx, 'Institution deactivated successfully', { id, is_active: false }, result);
  });

  router.patch('/admin/update-institution-status/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const id = routeId(ctx.params.id, 'Institution');
    const body = asBody(ctx.request.body);
    const isActive = field(body, 'is_active', 'isActive');
    if (typeof isActive !== 'boolean') throw new ValidationError('is_active must be true or false');
    const comment =
      optionalText(body, 'comment')?.trim() || (isActive ? 'Activated by an administrator' : 'Deactivated by an administrator');
    const { result } = await run(ctx, user, id, { type: 'SetInstitutionActive', isActive, comment });
    answer(ctx, 'Institution status updated successfully', { id, is_active: isActive }, result);
  });

  const changeDetails = async (ctx: Context, user: AuthenticatedUser, id: number, message: string) => {
    const body = asBody(ctx.request.body);
    const name = optionalText(body, 'name')?.trim();
    const email = optionalText(body, 'email')?.trim();
    const logoValue = field(body, 'logo', 'institutionLogo');
    const logo = logoValue === undefined ? undefined : logoValue === null || logoValue === '' ? null : String(logoValue);
    if (logo && logo.length > 500_000) throw new ValidationError('The logo is too large (at most about 350 KB)');
    if (logo) assertServableLogo(logo);
    validate([
      [
        'name',
        name,
        name === undefined
          ? []
          : [required('Institution name is required'), minLength(2, 'Institution name must be at least 2 characters')],
      ],
      ['email', email, email === undefined ? [] : [required('Email is required'), emailRule('Please enter a valid email address')]],
    ]);
    const command: InstitutionCommand = { type: 'ChangeInstitutionDetails', name, email, logo };
    const { result } = email
      ? await deps.reservations.withReservation(
          'institution',
          email,
          id,
          EMAIL_TAKEN,
          () => run(ctx, user, id, command),
          (outcome) => (outcome.state.status === 'none' ? null : outcome.state.email),
        )
      : await run(ctx, user, id, command);
    // The logo is answered by its URL (as in the profile), not echoed back.
    const url = logo ? logoUrl(deps.secret(), id, logo) : null;
    answer(
      ctx,
      message,
      { id, ...(name ? { name } : {}), ...(email ? { email } : {}), ...(logo !== undefined ? { logo: url, logoUrl: url } : {}) },
      result,
    );
  };
  router.put('/institution/profile', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (user.kind !== 'institution' || user.institutionId === null) throw new ValidationError('Institution ID is required');
    await changeDetails(ctx, user, user.institutionId, 'Profile updated successfully');
  });
  for (const path of ['/admin/institutions/:id', '/institution/update/:id']) {
    router.put(path, async (ctx) => {
      const user = assertAdmin(ctx.state.user);
      const id = routeId(ctx.params.id, 'Institution');
      await changeDetails(ctx, user, id, 'Institution updated successfully');
    });
  }
  for (const path of ['/admin/institutions/:id', '/institution/delete/:id']) {
    router.delete(path, async (ctx) => {
      const user = assertAdmin(ctx.state.user);
      const id = routeId(ctx.params.id, 'Institution');
      const { result } = await run(ctx, user, id, { type: 'CloseInstitution' });
      answer(ctx, 'Institution account closed; its history stays in the audit log', { id }, result);
    });
  }
}

/** Registration has no signed-in user yet: the new institution itself is the actor. */
function systemlessMeta(ctx: Context, institutionId: number) {
  const name = optionalText(asBody(ctx.request.body), 'name')?.trim() ?? 'New institution';
  return eventMetadata(ctx.state.meta, { id: String(institutionId), role: 'institution', name }, institutionId);
}
