import type { Context } from 'koa';
import {
  ok,
  POSITION_HEADER,
  type AdminRole,
  type AppendResult,
  type AuthenticatedUser,
  type EventMetadata,
  type RequestMeta,
  type SignedInMember,
} from '@credit/events';
import { eventMetadata, type Actor } from '../eventMetadata';

/** The command's answer: the envelope plus the log position its last event reached (for read-your-writes). */
export function answer(ctx: Context, message: string, data: unknown, result: AppendResult | null | undefined): void {
  const position = result?.position;
  if (position !== undefined) ctx.set(POSITION_HEADER, String(position));
  ctx.body = ok(message, data, position);
}

/** The actor's role as the audit log shows it: an auditor's actions are named as an auditor's, not an administrator's. */
const actorRole = (account: { kind: 'admin' | 'institution'; adminRole: AdminRole | null }): Actor['role'] =>
  account.adminRole === 'auditor' ? 'auditor' : account.kind;

/** A team member acts for its institution: the actor is the institution, named by the member, with the member's id, email and role. */
const actorOf = (user: Pick<AuthenticatedUser, 'kind' | 'id' | 'name' | 'adminRole' | 'member'>): Actor =>
  user.member
    ? { id: String(user.id), role: 'institution', name: user.member.name, member: user.member }
    : { id: String(user.id), role: actorRole(user), name: user.name };

/** Metadata for events caused by the signed-in user of this request. */
export function metadataFor(ctx: Context, user: AuthenticatedUser, institutionId: number | null = user.institutionId): EventMetadata {
  return eventMetadata(ctx.state.meta as RequestMeta, actorOf(user), institutionId);
}

/** Metadata for events an account causes before it is signed in (sign-in, password reset). */
export function metadataOfAccount(
  ctx: Context,
  account: { kind: 'admin' | 'institution'; id: number; name: string; adminRole: AdminRole | null; member?: SignedInMember | null },
): EventMetadata {
  return eventMetadata(
    ctx.state.meta as RequestMeta,
    actorOf({ ...account, member: account.member ?? undefined }),
    account.kind === 'institution' ? account.id : null,
  );
}
