import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { BATCHES } from '@credit/projectors/src/readModels';

/** How many searches' totals one process keeps per database (the least recently used is dropped first). */
const KEPT_AT_MOST = 2_000;

type Kept = { state: string; total: number };

/** Per database (a process may serve several, as the tests do): the totals kept. */
const keptByDatabase = new WeakMap<Knex, LRUCache<string, Kept>>();

/**
 * What the search's total depends on, in one short string: every batch of the scope's institution
 * (all of them for an administrator) with its status and counts. The scoring projection changes
 * one of these in every transaction that changes the institution's results, clients, search rows or
 * which batches are shown (a run counts its records, a completion or a failure sets the status), so
 * a total kept under this state is the total the same search would count now. A select expression
 * over the batches (a listing reads it with the batches it shows: resultRows' scopedRows).
 */
export const RESULTS_STATE = `md5(coalesce(string_agg(id || ':' || status || ':' || processed_records || ':' || failed_records, ',' ORDER BY id), ''))`;

/** The state (RESULTS_STATE) of the institution's batches, or of every batch for an administrator (null). */
export async function resultsState(knex: Knex, institutionId: number | null): Promise<string> {
  const batches = knex(BATCHES).first(knex.raw(`${RESULTS_STATE} AS state`));
  if (institutionId !== null) batches.where('institution_id', institutionId);
  return ((await batches) as { state: string }).state;
}

/** A search's total, and the same search's totals in other scopes that the same query counted (each batch's, say). */
export type Counted = { total: number; alongside?: readonly { search: readonly unknown[]; total: number }[] };

/**
 * A search's total (how many rows it matches), counted once and then kept until the institution's
 * results change: the next pages of a search, or the same search by a colleague, read it back
 * instead of counting tens of thousands of matching clients again (40–140 ms of PostgreSQL CPU for
 * a surname at a million results). Kept only when the state read after counting is the one read
 * before (`state`: RESULTS_STATE, read by the caller with what it reads of the batches), so a count
 * that raced a scoring run is never kept under the older state.
 */
export async function searchTotal(
  knex: Knex,
  institutionId: number | null,
  search: readonly unknown[],
  state: string,
  count: () => Promise<Counted>,
): Promise<number> {
  let kept = keptByDatabase.get(knex);
  if (!kept) keptByDatabase.set(knex, (kept = new LRUCache({ max: KEPT_AT_MOST })));
  const keyOf = (searched: readonly unknown[]) => JSON.stringify([institutionId, ...searched]);
  const key = keyOf(search);
  const found = kept.get(key);
  if (found && found.state === state) return found.total;
  const counted = await count();
  if ((await resultsState(knex, institutionId)) === state) {
    for (const other of counted.alongside ?? []) kept.set(keyOf(other.search), { state, total: other.total });
    kept.set(key, { state, total: counted.total });
  }
  return counted.total;
}
