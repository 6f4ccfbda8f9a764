import type Router from '@koa/router';
import type { Knex } from 'knex';
import { NotFoundError, ok, routeId, ValidationError } from '@credit/events';
import { BATCHES, RESULTS, type BatchRow } from '@credit/projectors/src/readModels';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { toBatch } from '../results/batchRows';
import { heavyRequests } from '../results/heavyRequests';
import { paging, pagination } from '../results/listing';
import { complianceReader } from './complianceAccess';
import type { BatchReplay } from './compliancePort';
import { momentParameter, resolveMoment, type ResolvedMoment } from './moments';
import { championChallenger, reproduction, type StoredResult } from './replayReport';

type Computed = { replay: BatchReplay; comparison: ReturnType<typeof championChallenger> };

/**
 * Replays by batch and the two versions they score under, for the next page of the same comparison:
 * a version names one model and one set of parameters, and a batch's records in the log never change
 * (its stored results are read again on every request: reproduction checks them as they are now).
 * Small (a replay of 100 000 records holds some tens of MB), per process, the oldest forgotten first.
 */
const known = new Map<string, Computed>();
const KNOWN_LIMIT = 4;

/** The batch's results as the scoring projection stored them, where their records sit in the log. */
async function storedResults(knex: Knex, batchId: number): Promise<StoredResult[]> {
  const rows: {
    chunk: number;
    chunk_row: number;
    credit_limit: string;
    interest_rate: string;
    w_cl: number;
    w_ir: number;
  }[] = await knex(RESULTS)
    .where({ batch_id: batchId })
    .select(
      'chunk',
      'chunk_row',
      'credit_limit',
      'interest_rate',
      'sum_normalised_credit_limit_weights as w_cl',
      'sum_normalised_interest_rate_weights as w_ir',
    );
  return rows.map((row) => ({
    chunk: row.chunk,
    chunkRow: row.chunk_row,
    creditLimit: Number(row.credit_limit),
    interestRate: Number(row.interest_rate),
    creditLimitWeights: row.w_cl,
    interestRateWeights: row.w_ir,
  }));
}

/**
 * `GET /admin/compliance/batches/:id/replay?against=upload|now|<date or date-time>|<log position>`:
 * re-scores a batch from its records in the log, under the model and parameters of its upload
 * (reproduction: was every stored result given back exactly?) and of the moment `against` names
 * (champion and challenger, client by client a page at a time, `page`/`limit`, `changedOnly=true`,
 * and in total). Computes only; stored results never change.
 */
export function batchReplayQueries(router: Router, deps: QueryDeps): void {
  const { knex, compliance } = deps;
  const fresh = readsFrom(deps, 'scoring');
  const heavy = heavyRequests();

  /** Kept only once the batch is settled: while it is processing, more of its records may still reach the log. */
  async function replayed(batch: BatchRow, against: number): Promise<Computed> {
    const key = `${batch.id}|${batch.model_version}|${against}`;
    const kept = known.get(key);
    if (kept) return kept;
    const replay = await compliance.replay(batch.id, against);
    if (!replay) throw new NotFoundError('Batch not found');
    const computed = { replay, comparison: championChallenger(replay) };
    if (batch.status === 'processing') return computed;
    known.set(key, computed);
    if (known.size > KNOWN_LIMIT) known.delete(known.keys().next().value as string);
    return computed;
  }

  router.get('/admin/compliance/batches/:id/replay', complianceReader, fresh, heavy, async (ctx) => {
    const batchId = routeId(ctx.params.id, 'Batch');
    const requested = momentParameter(ctx.query, 'against', 'upload', { allowUpload: true });
    const page = paging(ctx.query, 100, 1000);
    const changedOnly = String(ctx.query.changedOnly ?? 'false').toLowerCase();
    if (changedOnly !== 'true' && changedOnly !== 'false') throw new ValidationError('changedOnly must be true or false');
    const batch: BatchRow | undefined = await knex(BATCHES).where({ id: batchId }).first();
    if (!batch) throw new NotFoundError('Batch not found');
    const upload = Number(batch.model_version);

    const against: ResolvedMoment =
      requested.moment.kind === 'now'
        ? { requested: requested.text, position: await deps.scoring.currentModelVersion(batch.institution_id), at: null }
        : await resolveMoment(requested, 'against', { head: await compliance.head(), positionAt: compliance.positionAt, upload });

    const [computed, stored] = await Promise.all([replayed(batch, against.position), storedResults(knex, batchId)]);

    const listed = changedOnly === 'true' ? computed.comparison.clients.filter((client) => client.changed) : computed.comparison.clients;
    ctx.body = ok('Batch replayed from the log', {
      batch: toBatch(batch),
      champion: { moment: 'upload', position: upload },
      challenger: against,
      // A failed batch's results were withdrawn: there is nothing stored to reproduce.
      reproduction: batch.status === 'failed' ? null : reproduction(computed.replay, stored),
      comparison: {
        totals: computed.comparison.totals,
        clients: listed.slice(page.offset, page.offset + page.limit),
        pagination: pagination(listed.length, page),
      },
    });
  });
}
