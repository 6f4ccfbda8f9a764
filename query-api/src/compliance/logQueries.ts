import type Router from '@koa/router';
import type { Context } from 'koa';
import { ConflictError, ok, TooManyRequestsError, ValidationError, type ChainedLog, type ExtractScope } from '@credit/events';
import { LOG_VERIFICATIONS, type LogVerificationRow } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { complianceReader } from './complianceAccess';

/** Extracts stream from a snapshot of the log each: a few at once, so one caller cannot hold every connection. */
const MAX_EXTRACTS_AT_ONCE = 2;
const RECENT_VERIFICATIONS = 10;
const LONGEST_STREAM_ID = 500;

const toVerification = (row: LogVerificationRow) => ({
  position: Number(row.position),
  verifiedAt: row.verified_at,
  by: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
  outcome: row.outcome,
  headPosition: Number(row.head_position),
  headHash: row.head_hash,
  brokenAt: row.broken_at === null ? null : Number(row.broken_at),
  reason: row.reason,
  checked: Number(row.checked),
  durationMs: row.duration_ms,
});

function chained(log: ChainedLog | null): ChainedLog {
  if (!log) throw new ConflictError('This platform keeps its event log in KurrentDB, which has no hash chain of ours to verify or extract');
  return log;
}

function single(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw new ValidationError(`Give ${name} once`);
  return value;
}

function positionParameter(ctx: Context, name: string): number | undefined {
  const text = single(ctx, name);
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(text) || Number(text) < 1) throw new ValidationError(`${name} must be a log position (a whole number from 1)`);
  return Number(text);
}

/** `?stream=<id>`, or `?from=<position>&to=<position>` (from defaults to 1, to to the head). */
async function extractScope(ctx: Context, log: ChainedLog): Promise<ExtractScope> {
  const stream = single(ctx, 'stream');
  const from = positionParameter(ctx, 'from');
  const to = positionParameter(ctx, 'to');
  if (stream !== undefined) {
    if (from !== undefined || to !== undefined) throw new ValidationError('Extract one stream or one range of positions, not both');
    if (stream.length === 0 || stream.length > LONGEST_STREAM_ID) throw new ValidationError('stream must name a stream');
    return { stream };
  }
  if (from === undefined && to === undefined) throw new ValidationError('Give stream=<id>, or from=<position> and/or to=<position>');
  const head = (await log.head()).position;
  if (head === 0) throw new ValidationError('The log is empty');
  const scope = { from: from ?? 1, to: to ?? head };
  if (scope.from > scope.to) throw new ValidationError('from must not be after to');
  return scope;
}

const fileName = (scope: ExtractScope) =>
  'stream' in scope
    ? `log-extract-stream-${scope.stream.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80)}.jsonl`
    : `log-extract-${scope.from}-${scope.to}.jsonl`;

/**
 * The log's proofs for the compliance console:
 * - `GET /admin/compliance/log`: the head (position, hash, event count) and the recorded verifications, newest first;
 * - `GET /admin/compliance/extract?stream=<id>` or `?from=<position>&to=<position>`: JSON Lines an
 *   auditor checks offline with `tools/verify-extract.mjs` (README, "Checking an extract offline").
 */
export function logQueries(router: Router, deps: QueryDeps): void {
  let extracting = 0;

  router.get('/admin/compliance/log', complianceReader, readsFrom(deps, 'log-verifications'), async (ctx) => {
    const log = chained(deps.chainedLog);
    const [head, rows] = await Promise.all([
      log.head(),
      deps.knex<LogVerificationRow>(LOG_VERIFICATIONS).orderBy('position', 'desc').limit(RECENT_VERIFICATIONS),
    ]);
    const verifications = (rows as LogVerificationRow[]).map(toVerification);
    ctx.body = ok('Event log head and verifications', { head, lastVerification: verifications[0] ?? null, verifications });
  });

  router.get('/admin/compliance/extract', complianceReader, async (ctx) => {
    const log = chained(deps.chainedLog);
    const scope = await extractScope(ctx, log);
    if (extracting >= MAX_EXTRACTS_AT_ONCE)
      throw new TooManyRequestsError('Other extracts are being downloaded; please try again when they finish');
    extracting += 1;
    let body;
    try {
      body = await log.extract(scope);
    } catch (error) {
      extracting -= 1;
      throw error;
    }
    body.once('close', () => (extracting -= 1));
    ctx.set('Content-Disposition', `attachment; filename="${fileName(scope)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/jsonl';
    ctx.body = body;
  });
}
