import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  assertOwner,
  ConflictError,
  memberRoles,
  memberStream,
  routeId,
  ValidationError,
  type AuthenticatedUser,
  type InvitationLanguage,
  type MemberRole,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand, loadState } from '../commandHandling';
import { eventMetadata } from '../eventMetadata';
import { nextId } from '../accounts/emailReservations';
import { hashPassword } from '../access/passwords';
import { answer, metadataFor } from '../http/answer';
import { asBody, emailRule, minLength, optionalText, required, validate } from '../http/input';
import { enqueueMail } from '../mail/mailOutbox';
import { confirmationRules, newPasswordRules } from '../passwordReset/newPasswordRules';
import { memberDecider, INVITATION_INVALID, type MemberCommand } from './decideMember';
import {
  ACCEPT_INVITATION_PATH,
  INVITATION_TTL_HOURS,
  invitationMail,
  invitationTokenHash,
  memberOfToken,
  newInvitationToken,
} from './invitations';
import type { Member } from './member';

const EMAIL_TAKEN = 'This email already has an account on the platform';
const ROLE_CHOICE = `Role must be one of: ${memberRoles.join(', ')}`;

const readRole = (value: string | undefined): MemberRole => {
  const role = memberRoles.find((candidate) => candidate === value?.trim().toLowerCase());
  if (!role) throw new ValidationError(ROLE_CHOICE);
  return role;
};

const readLanguage = (value: string | undefined): InvitationLanguage => (value?.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en');

/**
 * The institution's team: its owner invites members by email with a role, sends an invitation again or
 * cancels it, changes a member's role, suspends, reactivates and removes members; an invited person
 * accepts with the mailed link and a password. Every route but accepting is the owner's alone
 * (`assertOwner`; members are refused before any route by `assertRoleMayCall`).
 */
export function teamRoutes(router: Router, deps: CommandDeps): void {
  const run = (ctx: Context, owner: AuthenticatedUser, memberId: number, command: MemberCommand) =>
    handleCommand(deps.store, memberStream(memberId), memberDecider, command, metadataFor(ctx, owner));

  const expiry = () => new Date(Date.now() + INVITATION_TTL_HOURS * 60 * 60_000).toISOString();
  const linkFor = (ctx: Context, token: string) =>
    `${ctx.protocol}://${ctx.host}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;

  router.post('/institution/members', async (ctx) => {
    const owner = assertOwner(ctx.state.user);
    const body = asBody(ctx.request.body);
    const email = optionalText(body, 'email')?.trim() ?? '';
    const name = optionalText(body, 'name')?.trim() ?? '';
    validate([
      ['email', email, [required('Email is required'), emailRule('Please enter a valid email address')]],
      ['name', name, [required('Name is required'), minLength(2, 'Name must be at least 2 characters')]],
    ]);
    const role = readRole(optionalText(body, 'role'));
    const language = readLanguage(optionalText(body, 'language'));
    // One person, one sign-in: an institution's or another member's email cannot be invited.
    if ((await deps.reservations.owner('institution', email)) !== null) throw new ConflictError(EMAIL_TAKEN);
    const memberId = await nextId(deps.knex, 'member_ids');
    const { token, tokenHash } = newInvitationToken(memberId);
    const expiresAt = expiry();
    const { events, result } = await deps.reservations.withReservation('member', email, memberId, EMAIL_TAKEN, () =>
      run(ctx, owner, memberId, {
        type: 'InviteMember',
        memberId,
        institutionId: owner.institutionId,
        email,
        name,
        role,
        tokenHash,
        expiresAt,
        language,
      }),
    );
    await enqueueMail(
      deps.knex,
      invitationMail(events[0].id, { email, name, institutionName: owner.name, role, language, link: linkFor(ctx, token) }),
    );
    ctx.status = 201;
    answer(ctx, 'Invitation sent', { id: memberId, email, name, role, status: 'invited', invitationExpiresAt: expiresAt }, result);
  });

  router.post('/institution/members/:id/invite', async (ctx) => {
    const owner = assertOwner(ctx.state.user);
    const memberId = routeId(ctx.params.id, 'Member');
    const { token, tokenHash } = newInvitationToken(memberId);
    const expiresAt = expiry();
    const { events, result, state } = await run(ctx, owner, memberId, {
      type: 'RenewInvitation',
      institutionId: owner.institutionId,
      tokenHash,
      expiresAt,
    });
    const member = existing(state);
    const language = await invitationLanguage(deps, memberId);
    await enqueueMail(
      deps.knex,
      invitationMail(events[0].id, {
        email: member.email,
        name: member.name,
        institutionName: owner.name,
        role: member.role,
        language,
        link: linkFor(ctx, token),
      }),
    );
    answer(ctx, 'Invitation sent again', { id: memberId, invitationExpiresAt: expiresAt }, result);
  });

  router.put('/institution/members/:id', async (ctx) => {
    const owner = assertOwner(ctx.state.user);
    const memberId = routeId(ctx.params.id, 'Member');
    const role = readRole(optionalText(asBody(ctx.request.body), 'role'));
    const { result } = await run(ctx, owner, memberId, { type: 'ChangeMemberRole', institutionId: owner.institutionId, role });
    answer(ctx, 'Role changed', { id: memberId, role }, result);
  });

  for (const [action, type, message] of [
    ['suspend', 'SuspendMember', 'Member suspended'],
    ['reactivate', 'ReactivateMember', 'Member reactivated'],
  ] as const) {
    router.post(`/institution/members/:id/${action}`, async (ctx) => {
      const owner = assertOwner(ctx.state.user);
      const memberId = routeId(ctx.params.id, 'Member');
      const { result } = await run(ctx, owner, memberId, { type, institutionId: owner.institutionId });
      answer(ctx, message, { id: memberId }, result);
    });
  }

  // Removes a member, or cancels an invitation not yet accepted; the email may then be invited again.
  router.delete('/institution/members/:id', async (ctx) => {
    const owner = assertOwner(ctx.state.user);
    const memberId = routeId(ctx.params.id, 'Member');
    const { result, events, state } = await run(ctx, owner, memberId, { type: 'RemoveMember', institutionId: owner.institutionId });
    await deps.reservations.release('member', existing(state).email, memberId);
    const cancelled = events[0]?.type === 'InvitationCancelled';
    answer(ctx, cancelled ? 'Invitation cancelled' : 'Member removed', { id: memberId }, result);
  });

  // Public: the invited person, with the mailed token, sets a password and joins.
  router.post('/members/accept', async (ctx) => {
    const body = asBody(ctx.request.body);
    const token = optionalText(body, 'token')?.trim() ?? '';
    const password = optionalText(body, 'password', 'newPassword') ?? '';
    const confirm = optionalText(body, 'confirmPassword', 'confirm_password');
    validate([
      ['token', token, [required('The invitation token is required')]],
      ['password', password, newPasswordRules],
      ...(confirm !== undefined
        ? [['confirmPassword', confirm, confirmationRules(password)] as Parameters<typeof validate>[0][number]]
        : []),
    ]);
    const memberId = memberOfToken(token);
    if (memberId === null) throw new ValidationError(INVITATION_INVALID);
    const invited = existing((await loadState(deps.store, memberStream(memberId), memberDecider)).state);
    const passwordHash = await hashPassword(password);
    const tokenHash = invitationTokenHash(token);
    // The person joining is the actor, named as the member, for the institution that invited them.
    const { role, email, name, institutionId } = invited;
    const metadata = eventMetadata(
      ctx.state.meta,
      { id: String(institutionId), role: 'institution', name, member: { id: memberId, name, email, role } },
      institutionId,
    );
    const { result, state } = await handleCommand(
      deps.store,
      memberStream(memberId),
      memberDecider,
      { type: 'AcceptInvitation', tokenHash, passwordHash, now: Date.now() },
      metadata,
    );
    const member = existing(state);
    answer(ctx, 'Invitation accepted. You can now sign in.', { email: member.email, name: member.name, role: member.role }, result);
  });
}

function existing(state: Member): Exclude<Member, { status: 'none' }> {
  if (state.status === 'none') throw new ValidationError(INVITATION_INVALID);
  return state;
}

/** The language the member was first invited in. */
async function invitationLanguage(deps: CommandDeps, memberId: number): Promise<InvitationLanguage> {
  for (const event of await deps.store.readStream(memberStream(memberId))) {
    if (event.type === 'MemberInvited' && memberDecider.isEvent(event) && event.type === 'MemberInvited') return event.data.language;
  }
  return 'en';
}
