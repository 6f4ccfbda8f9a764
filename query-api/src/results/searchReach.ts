import type { Knex } from 'knex';
import { CLIENT_SEARCH, PORTFOLIO_FIGURES } from '@credit/projectors/src/readModels';
import { prepared } from '../preparedStatements';

/**
 * How much rarer across every institution than the institution's own search rows a search has to
 * be (in the planner's estimates) to be read from its trigrams alone.
 */
const RARER_THAN_INSTITUTION = 100;
/** Decisions kept per process (institution and search) for a while: the planner's statistics change slowly. */
const KEPT_AT_MOST = 1_000;
const KEPT_FOR_MS = 10 * 60_000;
const decided = new Map<string, { alone: boolean; at: number }>();

/**
 * Whether a search is read from the trigram index's entries for its text alone, the institution
 * then tested on each row found, rather than with the institution's entry too. The search rows'
 * trigram index leads with the institution (btree_gin), so that a search reads only its own
 * institution's matches however many clients other institutions hold with the same surname. But
 * btree_gin finds the institution's entry as a range, and PostgreSQL then reads all of it: about
 * 5 ms at 550 000 clients whatever the search. A reference or an email being typed ("c12345",
 * "c123") matches a few rows on the whole platform: read from its trigrams alone, 1.5–2 ms instead
 * of 7 ms (measured at 1 250 000 search rows, 2026-11-30). A surname or a first name ("ndiaye",
 * "mireille nd") matches many rows at other institutions too, each one then tested: 99–275 ms
 * against 41–88 ms with the institution, so those keep it. The planner's estimates decide (one
 * EXPLAIN, kept per process for ten minutes); a small institution's entry is cheap to read and it
 * always keeps it. Only for a search with a trigram (resultRows' TRIGRAM): without one the index has
 * nothing else to look up.
 */
export async function searchedByTrigramsAlone(knex: Knex, like: string, institutionId: number): Promise<boolean> {
  const key = `${institutionId}\u0000${like.toLowerCase()}`; // the estimate is of the lower-cased text
  const known = decided.get(key);
  if (known !== undefined && Date.now() - known.at < KEPT_FOR_MS) return known.alone;
  const { rows } = await knex.raw<{ rows: { 'QUERY PLAN': [{ Plan: { Plans: { 'Plan Rows': number }[] } }] }[] }>(
    `EXPLAIN (FORMAT JSON)
     SELECT 1 FROM ${CLIENT_SEARCH} WHERE search_text LIKE lower(?)
     UNION ALL SELECT 1 FROM ${CLIENT_SEARCH} WHERE institution_id = ?`,
    [like, institutionId],
  );
  const [everywhere, institution] = rows[0]['QUERY PLAN'][0].Plan.Plans.map((plan) => plan['Plan Rows']);
  const alone = everywhere * RARER_THAN_INSTITUTION <= institution;
  if (decided.size >= KEPT_AT_MOST) decided.clear();
  decided.set(key, { alone, at: Date.now() });
  return alone;
}

/**
 * The most clients an institution may hold for a search without three letters or digits in a row
 * ("C4", "ma") to be tested against the list of its matching clients rather than each walked row's
 * search text looked up (resultRows' walked search). Reading the list reads every search row of the
 * institution (11 ms at 100 000 clients vacuumed, 75 ms in the 182 MB ten unvacuumed re-uploads
 * left: batchRows vacuums them), then each row of the walk is tested in a hash of it; looked up
 * instead, each row costs its search row's index and heap pages (about 1.5 µs: "C4", whose first
 * match is 50 000 rows down, 74–117 ms against 33–38 ms listed at 1 000 000 results, 2026-12-01).
 * A shallow page is cheaper looked up; the list bounds the deep ones. Above this, its hash
 * (PostgreSQL decides to hash from its estimate of the matches) would near the default `work_mem` ×
 * `hash_mem_multiplier` of 8 MB (about 260 000 clients), and past about 400 000 clients reading the
 * list costs what the deepest walk looked up does (the window's 100 000 rows, about 150 ms).
 */
const LISTED_CLIENTS_AT_MOST = 150_000;

/** Whether a search without a trigram is tested against the list of the matching clients (LISTED_CLIENTS_AT_MOST). */
export async function searchListsClients(knex: Knex, institutionId: number | null): Promise<boolean> {
  if (institutionId === null) return false;
  const figures = knex(PORTFOLIO_FIGURES).where('institution_id', institutionId);
  const { clients } = (await prepared(figures.first(knex.raw('coalesce(sum(clients), 0) AS clients')))) as { clients: string };
  return Number(clients) <= LISTED_CLIENTS_AT_MOST;
}
