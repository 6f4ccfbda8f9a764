import type Router from '@koa/router';
import type { Knex } from 'knex';
import { assertAdmin, ok, type LogHead } from '@credit/events';
import { CHECKPOINTS, PROJECTION_FAILURES } from '@credit/projectors/src/readModels';
import type { SlowReads } from '../boundedReads';
import type { StaleReads } from '../readYourWrites';

export type HealthDeps = {
  knex: Knex;
  logHead: () => Promise<LogHead>;
  version?: string;
  /** Queries this process answered 503 because the projections had not caught up with the caller's writes in time. */
  staleReads?: StaleReads;
  /** Reads this process stopped at the query connections' statement_timeout (504). */
  slowReads?: SlowReads;
  /** Each caller's requests running at once now (fewer while uploaded records are being scored). */
  readPlaces?: () => number;
};

type ProjectionState = { name: string; position: number; behind: number; failedEvents: number; updatedAt: Date };

/** Each projection's checkpoint, how far behind the log's head it is, and how many events it recorded as failed. */
async function projectionStates(deps: HealthDeps): Promise<{ head: LogHead; projections: ProjectionState[] }> {
  const [head, checkpoints, failures] = await Promise.all([
    deps.logHead(),
    deps.knex(CHECKPOINTS).select('name', 'position', 'updated_at').orderBy('name'),
    deps.knex(PROJECTION_FAILURES).select('projection').count('* as count').groupBy('projection'),
  ]);
  const failed = new Map(failures.map((row) => [String(row.projection), Number(row.count)]));
  const projections = checkpoints.map((row: { name: string; position: string; updated_at: Date }) => ({
    name: row.name,
    position: Number(row.position),
    behind: head.position - Number(row.position),
    failedEvents: failed.get(row.name) ?? 0,
    updatedAt: row.updated_at,
  }));
  return { head, projections };
}

const FAILURES_SHOWN = 100;

/**
 * `/health` (public): the event store's head, each projection's lag and failed-event count, and the
 * stale reads (503) and reads stopped as too long (504) this process answered since it started;
 * `/admin/system` (admins): the same with the failed events themselves (position, type, reason).
 */
export function healthRoute(router: Router, deps: HealthDeps): void {
  router.get('/health', async (ctx) => {
    const { head, projections } = await projectionStates(deps);
    const status = projections.some((projection) => projection.failedEvents > 0) ? 'degraded' : 'ok';
    ctx.body = ok(status, {
      status,
      eventStore: { position: head.position, hash: head.hash },
      projections,
      // Since this process started: reads that waited the whole bound for the projections and answered 503.
      staleReads: deps.staleReads?.count ?? 0,
      // Since this process started: reads stopped at the statement timeout and answered 504.
      slowReads: deps.slowReads?.count ?? 0,
      // Each institution's (each platform account's) reads running at once now: fewer while uploaded records are being scored.
      readsAtOnce: deps.readPlaces?.() ?? null,
    });
  });

  router.get('/admin/system', async (ctx) => {
    assertAdmin(ctx.state.user);
    const [{ head, projections }, failures, size] = await Promise.all([
      projectionStates(deps),
      deps
        .knex(PROJECTION_FAILURES)
        .select('projection', 'position', 'event_id as eventId', 'event_type as eventType', 'reason', 'failed_at as failedAt')
        .orderBy('position', 'desc')
        .limit(FAILURES_SHOWN),
      deps.knex.raw<{ rows: { bytes: string }[] }>('SELECT pg_database_size(current_database()) AS bytes'),
    ]);
    ctx.body = ok('System information', {
      version: deps.version ?? null,
      eventStore: { position: head.position, hash: head.hash },
      databaseBytes: Number(size.rows[0].bytes),
      projections,
      failedEvents: failures.map((failure) => ({ ...failure, position: Number(failure.position) })),
    });
  });
}
