import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  assertAdmin,
  assertSignedIn,
  DATABASE_ROLE_NAME,
  databaseAccessStream,
  evolveMemberStatus,
  isTeamEvent,
  memberStream,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type AuthenticatedUser,
  type EventStore,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { handleCommand } from '../commandHandling';
import { answer, metadataFor } from '../http/answer';
import { asBody, field, optionalText } from '../http/input';
import { databaseAccessDecider, type Revoker } from './decideDatabaseAccess';
import { createAccessRole, DEFAULT_CONNECTION_LIMIT, dropAccessRole, newRoleName, newRolePassword } from './databaseRoles';

const LABEL_MAX = 200;

/** The institution's owner: its own account; a team member (analyst, uploader) is refused. */
export function assertInstitutionOwner(user: AuthenticatedUser | undefined): AuthenticatedUser & { institutionId: number } {
  const signedIn = assertSignedIn(user);
  if (signedIn.isAdmin || signedIn.institutionId === null || signedIn.member)
    throw new ForbiddenError("Only the institution's owner issues and revokes its database access");
  return { ...signedIn, institutionId: signedIn.institutionId };
}

/** A member the access is for must be an active member of the owner's team, folded from its own stream. */
async function assertActiveMember(store: EventStore, institutionId: number, memberId: number): Promise<void> {
  const events = (await store.readStream(memberStream(memberId))).filter(isTeamEvent);
  const status = events.reduce(evolveMemberStatus, 'none' as ReturnType<typeof evolveMemberStatus>);
  if (events.length === 0 || events[0].data.institutionId !== institutionId || status !== 'active')
    throw new ValidationError('memberId must be an active member of your team', { field: 'memberId' });
}

function labelOf(ctx: Context): string {
  const label = optionalText(asBody(ctx.request.body), 'label')?.trim() ?? '';
  if (label.length > LABEL_MAX) throw new ValidationError(`Label must be at most ${LABEL_MAX} characters`, { field: 'label' });
  return label;
}

function memberIdOf(ctx: Context): number | null {
  const value = field(asBody(ctx.request.body), 'memberId');
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new ValidationError('memberId must be a member id', { field: 'memberId' });
  return value;
}

/**
 * Database access (README, "The analytics schema"): an institution's owner issues and revokes read
 * access to its own rows of the `analytics` views; an administrator issues platform-wide access (every
 * institution) to a compliance or risk analyst. The answer to an issue carries the password, once.
 */
export function databaseAccessRoutes(router: Router, deps: CommandDeps): void {
  const connection = () => {
    if (!deps.analyticsConnection) throw new NotFoundError('This platform offers no database access');
    return deps.analyticsConnection;
  };

  async function issue(ctx: Context, user: AuthenticatedUser, institutionId: number | null, memberId: number | null) {
    const details = connection();
    const label = labelOf(ctx);
    const role = await newRoleName(deps.knex);
    const password = newRolePassword();
    const access =
      institutionId === null
        ? { role, scope: 'platform' as const, institutionId: null, memberId: null, label, connectionLimit: DEFAULT_CONNECTION_LIMIT }
        : { role, scope: 'institution' as const, institutionId, memberId, label, connectionLimit: DEFAULT_CONNECTION_LIMIT };
    const { result } = await createAccessRole(deps.knex, { role, password, institutionId, connectionLimit: DEFAULT_CONNECTION_LIMIT }, () =>
      handleCommand(
        deps.store,
        databaseAccessStream(role),
        databaseAccessDecider,
        { type: 'IssueDatabaseAccess', access },
        metadataFor(ctx, user, institutionId),
      ),
    );
    ctx.status = 201;
    answer(ctx, 'Database access issued: the password is shown once', { ...access, password, ...details }, result);
  }

  async function revoke(ctx: Context, user: AuthenticatedUser, by: Revoker) {
    const role = String(ctx.params.role ?? '');
    if (!DATABASE_ROLE_NAME.test(role)) throw new NotFoundError('No such database access');
    const stream = databaseAccessStream(role);
    const metadata = metadataFor(ctx, user, by.kind === 'institution' ? by.institutionId : null);
    const command = { type: 'RevokeDatabaseAccess' as const, role, by };
    // Decided first (an unknown or another institution's access is refused before any DDL), then again on append.
    const before = await handleCommandDryRun(stream, command);
    const { result } = await dropAccessRole(deps.knex, role, () =>
      handleCommand(deps.store, stream, databaseAccessDecider, command, metadata),
    );
    answer(ctx, before ? 'Database access revoked' : 'Database access already revoked', { role, revoked: true }, result);
  }

  /** Whether the revocation would write an event (throws NotFound when it may not be revoked at all). */
  async function handleCommandDryRun(stream: string, command: { type: 'RevokeDatabaseAccess'; role: string; by: Revoker }) {
    const events = (await deps.store.readStream(stream)).filter(databaseAccessDecider.isEvent);
    const state = events.reduce(databaseAccessDecider.evolve, databaseAccessDecider.initialState());
    return databaseAccessDecider.decide(command, state).length > 0;
  }

  router.post('/institution/database-access', async (ctx) => {
    const user = assertInstitutionOwner(ctx.state.user);
    const memberId = memberIdOf(ctx);
    if (memberId !== null) await assertActiveMember(deps.store, user.institutionId, memberId);
    await issue(ctx, user, user.institutionId, memberId);
  });

  router.delete('/institution/database-access/:role', async (ctx) => {
    const user = assertInstitutionOwner(ctx.state.user);
    await revoke(ctx, user, { kind: 'institution', institutionId: user.institutionId });
  });

  router.post('/admin/database-access', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    await issue(ctx, user, null, null);
  });

  router.delete('/admin/database-access/:role', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    await revoke(ctx, user, { kind: 'admin' });
  });
}
