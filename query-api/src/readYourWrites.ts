import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import {
  ACKNOWLEDGED_WRITES,
  adminPrincipal,
  DomainError,
  institutionPrincipal,
  MIN_POSITION_HEADER,
  PLATFORM_PRINCIPAL,
  ValidationError,
  type AcknowledgedWrite,
  type AuthenticatedUser,
  type LogHead,
} from '@credit/events';
import { CHECKPOINTS, readCheckpoints } from '@credit/projectors/src/readModels';
import { prepared } from './preparedStatements';

export type ConsistentReadDeps = {
  knex: Knex;
  readYourWritesTimeoutMs: number;
  logHead: () => Promise<LogHead>;
  /** The latest position of some event types (the store's `lastPositionOf`). */
  lastPositionOf: (types: readonly string[], atMost?: number) => Promise<number>;
  /** The event types each projection reads; a projection not in it is taken to read every type. */
  projectionEventTypes?: ReadonlyMap<string, readonly string[]>;
  /** Queries answered 503 because the projections were still behind, since this process started (`/api/health`). */
  staleReads?: StaleReads;
};

export type StaleReads = { count: number };

const RETRY_AFTER_SECONDS = 1;

class StaleReadError extends DomainError {
  constructor(position: number) {
    super(
      `Your latest change (position ${position}) is still being processed; the data shown would be out of date. Please retry in a moment.`,
      503,
    );
  }
}

/**
 * Holds a query until the projections it reads have applied every write its caller was
 * acknowledged: the caller's own (an institution's: its account's, its members', and what
 * administrators did to it), the scoring model's and the settings' changes, and X-Min-Position if
 * sent; never another institution's work. Any session, any process: no header is needed (README,
 * "Read-your-writes"). Past the bound the answer is 503 with Retry-After.
 */
export function readsFrom(deps: ConsistentReadDeps, ...projections: string[]): Middleware {
  return consistentRead(deps, projections, null);
}

/**
 * For screens that show a batch's progress while it is scored (the batch list, a batch's status):
 * waits only for the caller's events of `types` (a batch started or failed), not for the records
 * still being scored after them.
 */
export function readsProgressFrom(deps: ConsistentReadDeps, types: readonly string[], ...projections: string[]): Middleware {
  return consistentRead(deps, projections, types);
}

function consistentRead(deps: ConsistentReadDeps, projections: string[], progressTypes: readonly string[] | null): Middleware {
  return async (ctx, next) => {
    // Only a signed-in caller is worth waiting for; the route itself refuses the others.
    const user = ctx.state.user as AuthenticatedUser | undefined;
    if (!user) return next();
    const header = ctx.get(MIN_POSITION_HEADER);
    const asked = header === '' ? 0 : Number(header);
    if (!Number.isSafeInteger(asked) || asked < 0) throw new ValidationError('X-Min-Position must be a whole number');
    const started = performance.now();
    try {
      const { acknowledged, reached } = await positionsToWaitFor(deps, user, projections, progressTypes);
      await waitUntilReached(
        deps,
        projections.map((projection, index) => ({ projection, position: Math.max(asked, acknowledged[index]) })),
        reached,
      );
    } catch (error) {
      if (error instanceof StaleReadError) {
        if (deps.staleReads) deps.staleReads.count += 1;
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      }
      throw error;
    }
    // What waiting for the caller's writes cost this query, for browsers' devtools and the bench.
    ctx.set('Server-Timing', `consistency;dur=${(performance.now() - started).toFixed(1)}`);
    await next();
  };
}

/**
 * For each projection, the last position among the caller's acknowledged writes of a type it reads:
 * a projection applies the log in order, so once its checkpoint is there it holds all of them. A
 * platform account reads every institution's data, so it also waits for what the route reads as of
 * its arrival (the latest event of those types up to the head). The projections' checkpoints come
 * with the writes, in the same round trip: most reads wait for nothing more.
 */
async function positionsToWaitFor(
  deps: ConsistentReadDeps,
  user: AuthenticatedUser,
  projections: readonly string[],
  progressTypes: readonly string[] | null,
): Promise<{ acknowledged: number[]; reached: Map<string, number> }> {
  const own = user.isAdmin ? adminPrincipal(user.id) : institutionPrincipal(user.institutionId ?? user.id);
  const [{ writes, reached }, head] = await Promise.all([
    writesAndCheckpoints(deps.knex, [own, PLATFORM_PRINCIPAL], projections),
    user.isAdmin ? deps.logHead().then((logHead) => logHead.position) : 0,
  ]);
  const acknowledged = await Promise.all(
    projections.map(async (projection) => {
      const read = progressTypes ?? deps.projectionEventTypes?.get(projection) ?? null;
      const acknowledged = writes
        .filter((write) => read === null || read.includes(write.eventType))
        .reduce((latest, write) => Math.max(latest, write.position), 0);
      if (!user.isAdmin) return acknowledged;
      return Math.max(acknowledged, read === null ? head : await deps.lastPositionOf(read, head));
    }),
  );
  return { acknowledged, reached };
}

/** The principals' acknowledged writes (every event type) and the projections' checkpoints, in one query. */
async function writesAndCheckpoints(
  knex: Knex,
  principals: readonly string[],
  projections: readonly string[],
): Promise<{ writes: AcknowledgedWrite[]; reached: Map<string, number> }> {
  const { rows }: { rows: { principal: string | null; name: string; position: string }[] } = await prepared(
    knex.raw(
      `SELECT principal, event_type AS name, position FROM ${ACKNOWLEDGED_WRITES} WHERE principal = ANY(?::text[])
       UNION ALL
       SELECT NULL, name, position FROM ${CHECKPOINTS} WHERE name = ANY(?::text[])`,
      [[...principals], [...projections]],
    ),
  );
  const writes: AcknowledgedWrite[] = [];
  const reached = new Map<string, number>();
  for (const row of rows) {
    if (row.principal === null) reached.set(row.name, Number(row.position));
    else writes.push({ principal: row.principal, eventType: row.name, position: Number(row.position) });
  }
  return { writes, reached };
}

/** Waits until every projection's checkpoint is at its target, starting from the checkpoints already read. */
async function waitUntilReached(
  deps: Pick<ConsistentReadDeps, 'knex' | 'readYourWritesTimeoutMs'>,
  targets: readonly { projection: string; position: number }[],
  alreadyReached: ReadonlyMap<string, number>,
): Promise<void> {
  const pending = targets.filter((target) => target.position > 0);
  const deadline = Date.now() + deps.readYourWritesTimeoutMs;
  let delay = 2;
  let reached = alreadyReached;
  for (;;) {
    if (pending.every((target) => (reached.get(target.projection) ?? -1) >= target.position)) return;
    if (Date.now() >= deadline) throw new StaleReadError(Math.max(...pending.map((target) => target.position)));
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(1, deadline - Date.now()))));
    // Checked often: a projection usually catches up within tens of milliseconds, and the check is one indexed read.
    delay = Math.min(delay * 2, 20);
    reached = await readCheckpoints(
      deps.knex,
      pending.map((target) => target.projection),
    );
  }
}
