import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { assertSignedIn, ok, routeId, ValidationError } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import type { ModelVersion, ScoringProblem } from './resultScoringPort';
import { batchRecordReader, CHUNKS_PER_WALK } from './batchRecordReader';
import { toBatch, visibleBatch } from './batchRows';
import { csvLine } from './exportCsv';
import { paging, pagination } from './listing';
import { versionScoredUnder } from './modelVersions';
import { batchSummary, inBatchOrder, type BatchPosition } from './resultRows';
import { CLIENTS, RESULTS, type BatchRow } from '@credit/projectors/src/readModels';

type Terms = { creditLimit: number; interestRate: number };

/** Which required variable stops a record scoring: a page says it in its reader's language from these. */
export type NotScorableCode = 'missing_required_variable' | 'invalid_required_variable';

/** Why a client does not score under today's model: each failing variable, and the same in English for API clients. */
export type NotScorable = { reason: string; problems: { code: NotScorableCode; variable: string }[] };

export type ComparedClient = {
  clientId: number;
  name: string;
  reference_number: string;
  old: Terms;
  new: Terms | null;
  creditLimitChange: number | null;
  interestRateChange: number | null;
  changed: boolean;
  notScorable: NotScorable | null;
};

const codeOf = (problem: ScoringProblem): NotScorableCode =>
  problem.problem === 'missing' ? 'missing_required_variable' : 'invalid_required_variable';

/** The engine's refusal, as codes and variable names, with one English sentence. */
export function notScorable(problems: readonly ScoringProblem[]): NotScorable {
  const missing = problems.filter((problem) => problem.problem === 'missing').map((problem) => problem.variable);
  const sentences = missing.length ? [`Missing required variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`] : [];
  for (const problem of problems) {
    if (problem.problem !== 'missing') sentences.push(`Invalid value for required variable ${problem.variable}: ${problem.reason}`);
  }
  return { reason: sentences.join('; '), problems: problems.map((problem) => ({ code: codeOf(problem), variable: problem.variable })) };
}

const RESULTS_PER_READ = 2_000;
/** A stored result as a compare reads it, with its client (numbers as PostgreSQL's text). */
type ComparedRow = {
  id: string;
  created: string;
  credit_limit: string;
  interest_rate: string;
  chunk: number;
  chunk_row: number;
  client_id: string;
  name: string;
  reference_number: string;
};
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A batch's results re-scored under the model and parameters of version `asOf`, a page of results at
 * a time (from `offset`, at most `limit` of them when given), their records read from the log a chunk
 * at a time: whatever the batch's size, one page of records is held at once.
 */
async function* compareBatch(knex: Knex, deps: QueryDeps, batch: BatchRow, asOf: number, range?: { offset: number; limit: number }) {
  // A page reads the chunks its rows are in; the whole batch (its totals) is read eight chunks at a time.
  const record = batchRecordReader(deps.scoring, batch.id, { chunksPerRead: range ? 1 : CHUNKS_PER_WALK });
  // A read continues after the last row of the one before.
  let last: BatchPosition | null = null;
  let left = range?.limit ?? Infinity;
  for (let first = true; left > 0; first = false) {
    const read = inBatchOrder(
      knex({ r: RESULTS })
        .join({ c: CLIENTS }, 'c.id', 'r.client_id')
        .where('r.batch_id', batch.id)
        .select('r.id', knex.raw('to_json(r.created_at) AS created'), 'r.credit_limit', 'r.interest_rate', 'r.chunk', 'r.chunk_row')
        .select('c.id as client_id', 'c.name', 'c.reference_number'),
      last,
    ).limit(Math.min(RESULTS_PER_READ, left));
    if (first && range) read.offset(range.offset);
    const rows: ComparedRow[] = await read;
    if (rows.length === 0) return;
    left -= rows.length;
    const records: string[][] = [];
    for (const row of rows) records.push((await record(row.chunk))?.[row.chunk_row] ?? []);
    const rescored = await deps.scoring.rescore({ institutionId: batch.institution_id, headers: batch.headers, rows: records, asOf });
    yield rows.map((row, index): ComparedClient => {
      const rescoredRow = rescored.results[index];
      const now = rescoredRow.status === 'scored' ? { creditLimit: rescoredRow.creditLimit, interestRate: rescoredRow.interestRate } : null;
      const old = { creditLimit: Number(row.credit_limit), interestRate: Number(row.interest_rate) };
      return {
        clientId: Number(row.client_id),
        name: row.name,
        reference_number: row.reference_number,
        old,
        new: now,
        creditLimitChange: now ? now.creditLimit - old.creditLimit : null,
        interestRateChange: now ? round2(now.interestRate - old.interestRate) : null,
        changed: !now || now.creditLimit !== old.creditLimit || now.interestRate !== old.interestRate,
        notScorable: rescoredRow.status === 'rejected' ? notScorable(rescoredRow.problems) : null,
      };
    });
    last = { created: rows[rows.length - 1].created, id: Number(rows[rows.length - 1].id) };
  }
}

type ComparisonSummary = ReturnType<ReturnType<typeof comparisonTotals>['get']>;

/**
 * Whole-batch totals by batch and model version: a completed batch's results never change, and a
 * version names one model and set of parameters, so the next page (or the next visit before the model
 * or the parameters change) re-scores only its own rows. Small, per process, the oldest forgotten first.
 */
const knownTotals = new Map<string, ComparisonSummary>();
const totalsKey = (batchId: number, version: number) => `${batchId}|${version}`;
const KNOWN_TOTALS_LIMIT = 256;
function rememberTotals(key: string, summary: ComparisonSummary) {
  knownTotals.set(key, summary);
  if (knownTotals.size > KNOWN_TOTALS_LIMIT) knownTotals.delete(knownTotals.keys().next().value as string);
}

/**
 * The whole batch's totals, added up as the walk goes. Today's figures count only the clients today's
 * model scores (none: null, not 0), and the stored figures of those same clients are given beside them.
 */
function comparisonTotals() {
  let clients = 0,
    changed = 0,
    scored = 0,
    oldTotalCreditLimit = 0,
    oldRates = 0,
    scoredOldTotalCreditLimit = 0,
    scoredOldRates = 0,
    newTotalCreditLimit = 0,
    newRates = 0;
  const reasons = new Map<string, { code: NotScorableCode; variable: string; clients: number }>();
  return {
    add(client: ComparedClient) {
      clients++;
      if (client.changed) changed++;
      oldTotalCreditLimit += client.old.creditLimit;
      oldRates += client.old.interestRate;
      if (client.new) {
        scored++;
        scoredOldTotalCreditLimit += client.old.creditLimit;
        scoredOldRates += client.old.interestRate;
        newTotalCreditLimit += client.new.creditLimit;
        newRates += client.new.interestRate;
      }
      for (const { code, variable } of client.notScorable?.problems ?? []) {
        const key = `${code}|${variable}`;
        const reason = reasons.get(key) ?? { code, variable, clients: 0 };
        reason.clients++;
        reasons.set(key, reason);
      }
    },
    get: () => ({
      clients,
      changed,
      scorable: scored,
      noLongerScorable: clients - scored,
      oldTotalCreditLimit,
      oldAvgInterestRate: clients ? round2(oldRates / clients) : 0,
      /** The stored figures of the clients today's model scores: what today's totals compare with. */
      scorableThen: scored ? { totalCreditLimit: scoredOldTotalCreditLimit, avgInterestRate: round2(scoredOldRates / scored) } : null,
      newTotalCreditLimit: scored ? newTotalCreditLimit : null,
      newAvgInterestRate: scored ? round2(newRates / scored) : null,
      /** Why clients are left out, each failing variable with how many clients it stops, most first. */
      notScorableReasons: [...reasons.values()].sort((a, b) => b.clients - a.clients || a.variable.localeCompare(b.variable)),
    }),
  };
}

const CSV_HEADER = [
  'reference_number',
  'name',
  'old_credit_limit_xaf',
  'new_credit_limit_xaf',
  'credit_limit_change_xaf',
  'old_interest_rate_percent',
  'new_interest_rate_percent',
  'interest_rate_change_percent',
  'changed',
  'not_scorable_reason',
];

async function* comparisonLines(knex: Knex, deps: QueryDeps, batch: BatchRow) {
  yield '\uFEFF' + csvLine(CSV_HEADER);
  const version = await deps.scoring.currentModelVersion(batch.institution_id);
  for await (const clients of compareBatch(knex, deps, batch, version)) {
    let text = '';
    for (const client of clients) {
      text += csvLine([
        client.reference_number,
        client.name,
        client.old.creditLimit,
        client.new?.creditLimit ?? '',
        client.creditLimitChange ?? '',
        client.old.interestRate,
        client.new?.interestRate ?? '',
        client.interestRateChange ?? '',
        client.changed ? 'yes' : 'no',
        client.notScorable?.reason ?? '',
      ]);
    }
    yield text;
  }
}

/**
 * The whole batch's totals under `version`, computed once per process however many ask at once: a
 * caller that arrives while they are being added up waits for that walk instead of starting its own.
 * The caller that walks gets the clients of its page on the way (`page`); the others read theirs after.
 */
const pendingTotals = new Map<string, Promise<ComparisonSummary>>();

async function totalsAndPage(
  knex: Knex,
  deps: QueryDeps,
  batch: BatchRow,
  version: number,
  page: { offset: number; limit: number },
  unchanged: boolean,
): Promise<{ summary: ComparisonSummary; clients: ComparedClient[] }> {
  const key = totalsKey(batch.id, version);
  const clients: ComparedClient[] = [];
  const pending = pendingTotals.get(key);
  const known =
    knownTotals.get(key) ?? (pending ? await pending : undefined) ?? (unchanged ? await totalsAsScored(knex, batch.id) : undefined);
  if (known) {
    for await (const compared of compareBatch(knex, deps, batch, version, page)) clients.push(...compared);
    return { summary: known, clients };
  }
  const walk = (async () => {
    const totals = comparisonTotals();
    let index = 0;
    for await (const compared of compareBatch(knex, deps, batch, version)) {
      for (const client of compared) {
        totals.add(client);
        if (index >= page.offset && index < page.offset + page.limit) clients.push(client);
        index++;
      }
    }
    return totals.get();
  })();
  pendingTotals.set(key, walk);
  try {
    const summary = await walk;
    rememberTotals(key, summary);
    return { summary, clients };
  } finally {
    pendingTotals.delete(key);
  }
}

/**
 * The totals of a batch compared with the very model and parameters that scored it: the engine gives
 * every client the terms they have, so they are the batch's own figures (kept by the scoring
 * projection), with nothing changed and every client scorable, without re-scoring a record.
 */
async function totalsAsScored(knex: Knex, batchId: number): Promise<ComparisonSummary> {
  const figures = await batchSummary(knex, batchId);
  const clients = figures.totalClients;
  const terms = clients ? { totalCreditLimit: figures.totalCreditLimit, avgInterestRate: figures.avgInterestRate } : null;
  return {
    clients,
    changed: 0,
    scorable: clients,
    noLongerScorable: 0,
    oldTotalCreditLimit: figures.totalCreditLimit,
    oldAvgInterestRate: figures.avgInterestRate,
    scorableThen: terms,
    newTotalCreditLimit: terms?.totalCreditLimit ?? null,
    newAvgInterestRate: terms?.avgInterestRate ?? null,
    notScorableReasons: [],
  };
}

type Comparison = { batch: BatchRow; fromModel: ModelVersion; toModel: ModelVersion; format: 'json' | 'csv' };

/**
 * `GET /result/compare?uploadBatchId=…`: a batch re-scored under today's model and parameters,
 * client by client, a page at a time (`page`, `limit`, default 100) with the whole batch's totals on
 * every page; `format=csv` streams every client as CSV (recorded as an export). The two versions are
 * the one in force when the batch was scored and today's, each with the date of the change that made it.
 * Only a request that has the whole batch to walk (its totals not yet known here, or the CSV) takes
 * one of the institution's heavy places; a page whose totals are known, or whose model and parameters
 * have not changed since the batch was scored, re-scores its own rows only.
 */
export function batchComparison(router: Router, deps: QueryDeps, fresh: Middleware, heavy: Middleware): void {
  const { knex } = deps;
  const comparison: Middleware = async (ctx, next) => {
    const user = assertSignedIn(ctx.state.user);
    if (!ctx.query.uploadBatchId) throw new ValidationError('uploadBatchId is required');
    const format = String(ctx.query.format ?? 'json').toLowerCase();
    if (format !== 'json' && format !== 'csv') throw new ValidationError('format must be json or csv');
    const batch = await visibleBatch(knex, user, routeId(String(ctx.query.uploadBatchId), 'Batch'));
    const [fromModel, toModel]: ModelVersion[] =
      format === 'csv'
        ? [] // the CSV names no versions: it re-scores under the current one
        : await Promise.all([
            versionScoredUnder(deps.scoring, batch.institution_id, batch.model_version),
            deps.scoring.modelVersionAt(batch.institution_id),
          ]);
    ctx.state.comparison = { batch, fromModel, toModel, format } satisfies Comparison;
    const light = format === 'json' && (fromModel.version === toModel.version || knownTotals.has(totalsKey(batch.id, toModel.version)));
    return light ? next() : heavy(ctx, next);
  };

  router.get('/result/compare', fresh, comparison, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const { batch, fromModel, toModel, format } = ctx.state.comparison as Comparison;
    if (format === 'csv') {
      await deps.recordExport(user, ctx.state.meta, {
        institutionId: batch.institution_id,
        batchId: batch.id,
        rows: batch.processed_records,
        format: 'comparison_csv',
      });
      ctx.set('Content-Disposition', `attachment; filename="credit_comparison_batch_${batch.id}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = Readable.from(comparisonLines(knex, deps, batch));
      return;
    }

    const page = paging(ctx.query, 100, 1000);
    const unchanged = fromModel.version === toModel.version;
    const { summary, clients } = await totalsAndPage(knex, deps, batch, toModel.version, page, unchanged);
    ctx.body = ok('Comparison computed successfully', {
      batch: toBatch(batch),
      fromModelVersion: fromModel.version,
      toModelVersion: toModel.version,
      fromModel,
      toModel,
      totals: summary,
      clients,
      pagination: pagination(summary.clients, page),
    });
  });
}
