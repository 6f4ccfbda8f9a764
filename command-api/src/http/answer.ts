import type { Context } from 'koa';
import { ok, POSITION_HEADER, type AppendResult, type AuthenticatedUser, type EventMetadata, type RequestMeta } from '@credit/events';
import { eventMetadata, type Actor } from '../eventMetadata';

/** The command's answer: the envelope plus the log position its last event reached (for read-your-writes). */
export function answer(ctx: Context, message: string, data: unknown, result: AppendResult | null | undefined): void {
  const position = result?.position;
  if (position !== undefined) ctx.set(POSITION_HEADER, String(position));
  ctx.body = ok(message, data, position);
}

const actorOf = (user: AuthenticatedUser): Actor => ({ id: String(user.id), role: user.kind, name: user.name });

/** Metadata for events caused by the signed-in user of this request. */
export function metadataFor(ctx: Context, user: AuthenticatedUser, institutionId: number | null = user.institutionId): EventMetadata {
  return eventMetadata(ctx.state.meta as RequestMeta, actorOf(user), institutionId);
}

/** Metadata for events an account causes before it is signed in (sign-in, password reset). */
export function metadataOfAccount(ctx: Context, account: { kind: 'admin' | 'institution'; id: number; name: string }): EventMetadata {
  return eventMetadata(
    ctx.state.meta as RequestMeta,
    { id: String(account.id), role: account.kind, name: account.name },
    account.kind === 'institution' ? account.id : null,
  );
}
