import type { Knex } from 'knex';
import { ValidationError } from '@credit/events';
import { prepared } from '../preparedStatements';
import { oneOf, optionalDate, optionalNumber, pagination, paging } from './listing';
import { searchedByTrigramsAlone, searchListsClients } from './searchReach';
import { RESULTS_STATE, searchTotal, type Counted } from './searchTotals';
import {
  BATCHES,
  CLIENT_SEARCH,
  CLIENTS,
  COMPLETED_STATUSES,
  PORTFOLIO_FIGURES,
  RESULT_FIGURES,
  RESULTS,
} from '@credit/projectors/src/readModels';

/** The batches whose results the screens show: those the scoring projection counts as completed. */
export const VISIBLE_STATUSES: string[] = [...COMPLETED_STATUSES];

/** How many rows a merged page (pageQuery) may read from the batches' indexes before sorting all of them is the cheaper way. */
const MERGED_ROWS_AT_MOST = 100_000;
/**
 * The same for All Clients, whose merge also looks each row's client up (latestWalks). At 1 000 000
 * results page 40 of 50 walks about 38 000 rows in 36–85 ms; sorting the 550 000 clients took 270–315 ms.
 */
const MERGED_LATEST_AT_MOST = 50_000;
/** The deepest merged page (rows a batch's branch reads) sent as a prepared statement (mergedPage). */
const MERGED_PREPARED_AT_MOST = 1_024;
/**
 * A search matching at most this many rows reads its matching clients first, then their rows by the
 * client index, and sorts them; it never walks the sort's index until a page of them turns up (but
 * see WALKED_FIRST_ABOVE). The
 * planner assumes the matches are spread evenly along the sort, but a reference being typed ("C12",
 * "C123") matches clients of a few uploads: at 1 000 000 results the walk read 420 000 clients for
 * All Clients' first page (0.7–1.2 s), and most of the results for the results screen (1.2–1.9 s)
 * and a batch's (0.2 s); read by client, 1 111–21 111 matching rows take 12–50 ms (2026-11-30).
 * Above this the walk is left to the planner: a surname spread over every upload is found within a
 * few hundred rows (9–15 ms), and read by client its 100 000 results would take 0.2 s. In a batch the
 * count is the batch's, but the matching clients are read with all their results: a surname with
 * 10 000 rows in a batch has 100 000 in all, hence the lower bound.
 */
const SEARCH_SORTED_AT_MOST = { everyBatch: 25_000, oneBatch: 5_000 };
/**
 * Such a search matching more than this many rows is first walked over DENSE_WALK_WINDOW rows in
 * the screens' default order, each row's search text looked up, for a page no deeper than
 * WALKED_FIRST_PAGE_END. A surname or a first name being typed is spread over every upload, and a
 * page of it lies within the first few hundred rows: All Clients typed "abena" (19 874 of an
 * institution's 200 000 clients) 0.4 ms walked against 76 ms listed first, whose look-ups of every
 * matching client were the largest PostgreSQL cost of `bench:load`'s readers (66 ms a call on
 * average, 2026-12-01). A reference being typed matches the clients of a few uploads, perhaps far
 * down: the walk then stops at its window's end (a few ms) and the clients are listed first.
 */
const WALKED_FIRST_ABOVE = 2_000;
const DENSE_WALK_WINDOW = 2_000;
const WALKED_FIRST_PAGE_END = 500;

/**
 * A search with three letters or digits in a row gives the trigram index something to look up.
 * Without ("C4", "ma"), the index hands back every search row of the institution, and for a wide
 * search the planner read them all, then every matching client's results, and sorted them: "C4"
 * (111 000 clients) 1.0–1.45 s a page at 1 000 000 results, where a surname's page is walked in
 * order, each row's search text looked up by its client (1.7 ms). Such a page in the screens'
 * default order is walked that way too, over at most SEARCH_WALK_WINDOW rows (0.25–0.45 s): a
 * reference being typed matches the clients of a few uploads, so the first match can be far down
 * ("C4" walked 50 000 rows, 114 ms). A page not filled within them is read the planner's way.
 */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;
const SEARCH_WALK_WINDOW = 100_000;

/**
 * A test looked up for each row a walk reads (a subquery, never a join), written as a CASE so that
 * the planner takes half the rows to pass it and walks the index in order; as a bare condition it
 * guessed 1 row in 200, and past the first rows it sorted everything instead (latestResults, the
 * walked search).
 */
const testedPerRow = (test: string) => `CASE WHEN ${test} THEN true ELSE false END`;

const SORTS = { createdAt: 'r.created_at', credit_limit: 'r.credit_limit', interest_rate: 'r.interest_rate' } as const;

export type ResultScope = {
  institutionId: number | null;
  batchId?: number | null;
  /** The batch's status as the caller has just read it (batch details): whether it is shown then needs no query of its own. */
  batchStatus?: string;
  clientId?: number | null;
};

type ResultRecord = {
  id: string;
  credit_limit: string;
  interest_rate: string;
  created_at: Date;
  batch_id: number;
  institution_id: number;
  sum_normalised_credit_limit_weights: number;
  sum_normalised_interest_rate_weights: number;
  model_version: string;
  client_id: string;
  client_name: string;
  reference_number: string;
  phone_number: string;
  email: string;
  batch_name: string;
  filename: string;
};

/** A result as the spec's Result entity lists it. */
export const toResult = (row: ResultRecord) => ({
  id: Number(row.id),
  credit_limit: Number(row.credit_limit),
  interest_rate: Number(row.interest_rate),
  createdAt: row.created_at,
  uploadBatchId: row.batch_id,
  institutionId: row.institution_id,
  modelVersion: Number(row.model_version),
  sum_normalised_credit_limit_weights: row.sum_normalised_credit_limit_weights,
  sum_normalised_interest_rate_weights: row.sum_normalised_interest_rate_weights,
  client: {
    id: Number(row.client_id),
    name: row.client_name,
    reference_number: row.reference_number,
    phoneNumber: row.phone_number,
    email: row.email,
  },
  uploadBatch: { id: row.batch_id, name: row.batch_name, filename: row.filename },
});

/** Where a read of one batch's results stopped: the last row's time (as `to_json` text, microseconds kept) and id. */
export type BatchPosition = { created: string; id: number };

/**
 * One batch's results (`r`) in the order of its (batch, time, id) index, after `after` when given: a
 * run's results share one time and take rising ids, so this is the order they were written in.
 */
export function inBatchOrder(query: Knex.QueryBuilder, after: BatchPosition | null): Knex.QueryBuilder {
  query.orderBy(['r.created_at', 'r.id']);
  if (after) query.whereRaw('(r.created_at, r.id) > (?::timestamptz, ?)', [after.created, after.id]);
  return query;
}

export function resultsBase(knex: Knex, scope: ResultScope) {
  const query = knex({ r: RESULTS })
    .join({ c: CLIENTS }, 'c.id', 'r.client_id')
    .join({ b: BATCHES }, 'b.id', 'r.batch_id')
    .whereIn('b.status', VISIBLE_STATUSES);
  if (scope.institutionId !== null) query.where('r.institution_id', scope.institutionId);
  if (scope.batchId) query.where('r.batch_id', scope.batchId);
  if (scope.clientId) query.where('r.client_id', scope.clientId);
  return query;
}

export const RESULT_COLUMNS = [
  'r.id',
  'r.credit_limit',
  'r.interest_rate',
  'r.created_at',
  'r.batch_id',
  'r.institution_id',
  'r.sum_normalised_credit_limit_weights',
  'r.sum_normalised_interest_rate_weights',
  'r.model_version',
  'r.client_id',
  'c.name as client_name',
  'c.reference_number',
  'c.phone_number',
  'c.email',
  'b.name as batch_name',
  'b.filename',
];

/** Where a listing reads each result's columns: `results` itself, or a client's latest kept on `clients`. */
type ListingColumns = {
  id: string;
  batch: string;
  client: string;
  institution: string;
  sorts: Record<keyof typeof SORTS, string>;
};

const RESULT_LISTING: ListingColumns = {
  id: 'r.id',
  batch: 'r.batch_id',
  client: 'r.client_id',
  institution: 'r.institution_id',
  sorts: SORTS,
};

const LATEST_LISTING: ListingColumns = {
  id: 'c.latest_result_id',
  batch: 'c.latest_batch_id',
  client: 'c.id',
  institution: 'c.institution_id',
  sorts: { createdAt: 'c.latest_at', credit_limit: 'c.latest_credit_limit', interest_rate: 'c.latest_interest_rate' },
};

/**
 * The rows a listing filters, counts and pages, without joins: the results in scope whose batch is
 * visible, or (All Clients) the clients whose latest result is in such a batch. Clients and batches
 * are joined only for a page's rows, so a deep page or a count never joins 200 000 rows. The visible
 * batches are read first and given as a list: the planner then knows how many rows they hold instead
 * of guessing from a join; one batch is compared with `=` so its (batch, time, id) index gives pages in order.
 * With a search (`like`), the same statement reads the scope's batches named like it (those of the
 * institution, or the visible ones for an administrator), the state its total is kept under
 * (searchTotal) and the batches still being scored (`hidden`: the search rows count their results
 * already, the totals leave them out): one round trip instead of three.
 */
async function scopedRows(knex: Knex, scope: ResultScope, columns: ListingColumns, like: string | null) {
  const batches = knex(BATCHES);
  if (scope.institutionId !== null) batches.where('institution_id', scope.institutionId);
  let batchIds: number[];
  let searched = { named: [] as number[], state: '', hidden: [] as number[] };
  if (like === null && scope.batchId && scope.batchStatus !== undefined) {
    batchIds = VISIBLE_STATUSES.includes(scope.batchStatus) ? [scope.batchId] : [];
  } else if (like === null) {
    batches.whereIn('status', VISIBLE_STATUSES);
    if (scope.batchId) batches.where('id', scope.batchId);
    batchIds = await prepared(batches.pluck('id'));
  } else {
    const visible = {
      sql: `status = ANY(?::text[])${scope.batchId ? ' AND id = ?' : ''}`,
      bindings: [VISIBLE_STATUSES, ...(scope.batchId ? [scope.batchId] : [])],
    };
    // An administrator's search names the visible batches so named; an institution's, every one of its own.
    const named = scope.institutionId === null ? { sql: ` AND ${visible.sql}`, bindings: visible.bindings } : { sql: '', bindings: [] };
    const row = (await prepared(
      batches.first(
        knex.raw(`${RESULTS_STATE} AS state`),
        knex.raw(`coalesce(array_agg(id ORDER BY id) FILTER (WHERE ${visible.sql}), '{}') AS visible`, visible.bindings),
        knex.raw(`coalesce(array_agg(id ORDER BY id) FILTER (WHERE name ILIKE ?${named.sql}), '{}') AS named`, [like, ...named.bindings]),
        knex.raw(`coalesce(array_agg(id ORDER BY id) FILTER (WHERE status <> 'failed' AND NOT status = ANY(?::text[])), '{}') AS hidden`, [
          VISIBLE_STATUSES,
        ]),
      ),
    )) as { state: string; visible: number[]; named: number[]; hidden: number[] };
    batchIds = row.visible;
    searched = { named: row.named, state: row.state, hidden: row.hidden };
  }
  const query = columns === LATEST_LISTING ? knex({ c: CLIENTS }) : knex({ r: RESULTS });
  if (batchIds.length === 1) query.where(columns.batch, batchIds[0]);
  else query.whereRaw(`${columns.batch} = ANY(?::int[])`, [batchIds]);
  if (scope.institutionId !== null) query.where(columns.institution, scope.institutionId);
  if (scope.clientId) query.where(columns.client, scope.clientId);
  // Wrapped: a query builder is thenable, and an async function would run it instead of returning it.
  return { query, batchIds, ...searched };
}

/** The listing's filters and search in the results screen's terms, and the ids' order. */
export type ResultFilterParams = Record<string, unknown>;

/**
 * The results screen's rows (its view, search and filters), unpaged, with the columns that order them:
 * the listing pages it, the export writes all of it in the same order.
 */
export async function filteredResults(knex: Knex, scope: ResultScope, query: ResultFilterParams) {
  const sortBy = oneOf(query.sortBy, Object.keys(SORTS) as (keyof typeof SORTS)[], 'createdAt', 'sortBy');
  const sortOrder = oneOf(String(query.sortOrder ?? 'desc').toLowerCase(), ['asc', 'desc'] as const, 'desc', 'sortOrder');
  const view = oneOf(query.view, ['batches', 'clients'] as const, 'batches', 'view');
  const search = String(query.search ?? '').trim();
  /** The search as a LIKE pattern: anywhere in the text, its own wildcards taken literally. */
  const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const dateFrom = optionalDate(query.dateFrom, 'dateFrom');
  const dateTo = optionalDate(query.dateTo, 'dateTo', true);
  const minAmount = optionalNumber(query.minAmount, 'minAmount');
  const maxAmount = optionalNumber(query.maxAmount, 'maxAmount');
  if (minAmount !== null && maxAmount !== null && minAmount > maxAmount)
    throw new ValidationError('minAmount cannot be more than maxAmount');
  const noAmounts = minAmount === null && maxAmount === null;
  /** Neither dates nor amounts: the listing's rows are every row in scope (and search). */
  const unfiltered = !dateFrom && !dateTo && noAmounts;

  // The scoring projection keeps each client's latest result (a batch's results become latest when it completes).
  const columns = view === 'clients' ? LATEST_LISTING : RESULT_LISTING;
  // With a search, the batches named like it (every one of the institution's so named) and the state its total is kept under.
  const [{ query: filtered, batchIds, named: namedInInstitution, state, hidden }, byTrigramsAlone] = await Promise.all([
    scopedRows(knex, scope, columns, search === '' ? null : like),
    scope.institutionId !== null && TRIGRAM.test(search) ? searchedByTrigramsAlone(knex, like, scope.institutionId) : false,
  ]);
  /** The search's condition; `listedFirst`, with the matching clients read before their rows (see SEARCH_SORTED_AT_MOST). */
  let searched = (_query: Knex.QueryBuilder, _listedFirst = false) => {};
  /** The search rows of the clients the search matches (none without a search). */
  let searchRows: (() => Knex.QueryBuilder) | null = null;
  /** The search's condition on clients alone, without the batches named like it. */
  let clientsMatched = (_query: Knex.QueryBuilder) => {};
  // Batches named like the search are few and known at once; only when there are some does the
  // condition need an OR (which keeps the planner from reaching a few clients' results by index).
  const namedBatches = namedInInstitution.filter((id) => batchIds.includes(id));
  if (search !== '') {
    // The clients whose search text (kept by the scoring projection beside `clients`, trigram-indexed) holds the search.
    const matching = () => {
      const rows = knex(CLIENT_SEARCH).whereRaw('search_text LIKE lower(?)', [like]);
      // `+ 0`: tested on each row found rather than looked up in the index (searchedByTrigramsAlone).
      if (scope.institutionId !== null) rows.whereRaw(`institution_id${byTrigramsAlone ? ' + 0' : ''} = ?`, [scope.institutionId]);
      return rows;
    };
    searchRows = matching;
    /**
     * The condition that a row's client is one the search matches, two ways: `listedFirst` (a search
     * whose count says it matches few, SEARCH_SORTED_AT_MOST) reads the matching clients first and then
     * their rows by client; otherwise the planner chooses how to reach them (below).
     */
    const matchesClient = (where: Knex.QueryBuilder, listedFirst: boolean) => {
      const clients = matching().select('client_id');
      // An array the planner cannot see into: it reads the matching clients, then their rows by client.
      if (listedFirst) return where.whereRaw(`${columns.client} = ANY(ARRAY(?))`, [clients]);
      if (columns === LATEST_LISTING) return where.whereIn('c.id', clients);
      // Left to the planner: it walks the (time, id) index looking each result's client up when many
      // match, and reads the few matching clients' results by client when few do. Fencing the clients
      // off (OFFSET 0, tried before) made a search matching a third of them ("0") take 0.5 s: the
      // planner then scanned the whole list of matching clients for each result.
      return where.whereIn('r.client_id', clients);
    };
    clientsMatched = (query) => query.where((where) => matchesClient(where, false));
    // Every batch in scope named like the search: every row matches, and the condition is left out.
    if (namedBatches.length === batchIds.length) searched = () => {};
    else if (namedBatches.length === 0)
      searched = (query, listedFirst = false) => query.where((where) => matchesClient(where, listedFirst));
    else
      searched = (query, listedFirst = false) =>
        query.where((where) => matchesClient(where, listedFirst).orWhereRaw(`${columns.batch} = ANY(?::int[])`, [namedBatches]));
  }
  if (dateFrom) filtered.where(columns.sorts.createdAt, '>=', dateFrom);
  if (dateTo) filtered.where(columns.sorts.createdAt, '<', dateTo);
  // Credit limits are whole amounts (bigint, which PostgreSQL will not compare with a decimal
  // parameter): a decimal bound is the whole amounts it admits, 1.5 meaning from 2 or up to 1.
  if (minAmount !== null) filtered.where(columns.sorts.credit_limit, '>=', Math.ceil(minAmount));
  if (maxAmount !== null) filtered.where(columns.sorts.credit_limit, '<=', Math.floor(maxAmount));
  /** The rows in scope with every filter but the search. */
  const unsearched = filtered.clone();
  filtered.modify(searched);
  /**
   * Some batches named like the search: their rows all match, and the other batches' rows match by
   * client. Read and counted as those two branches, never as one condition with an OR: the planner
   * then checked each row against the list of every matching client, and once that list outgrew its
   * memory it read the list again for each row ("1" with batches "Month 1" and "Month 10" at 1 000 000
   * results: the count ran for over ten minutes; "0" with a batch "Month 10": a page 0.24–0.32 s, 3 ms as branches).
   */
  const partlyNamed = search !== '' && namedBatches.length > 0 && namedBatches.length < batchIds.length;
  const branches = () => [
    unsearched.clone().whereRaw(`${columns.batch} = ANY(?::int[])`, [namedBatches]),
    unsearched.clone().whereRaw(`${columns.batch} <> ALL(?::int[])`, [namedBatches]).modify(clientsMatched),
  ];
  /** `rows` in the screen's order. */
  const inOrder = (rows: Knex.QueryBuilder) => rows.orderBy(columns.sorts[sortBy], sortOrder).orderBy(columns.id, sortOrder);
  /**
   * The rows' ids in the screen's order (a fresh query each call). Read as two branches merged when
   * some batches are named like the search, each branch stopping after `eachAtMost` rows when given.
   */
  const orderedIds = (eachAtMost?: number): Knex.QueryBuilder<Record<string, unknown>, { id: string }[]> => {
    if (!partlyNamed) return inOrder(filtered.clone().select({ id: columns.id }));
    const [named, others] = branches().map((rows) => {
      const ordered = inOrder(rows.select({ id: columns.id, sorted: columns.sorts[sortBy] }));
      return eachAtMost === undefined ? ordered : ordered.limit(eachAtMost);
    });
    return knex
      .select('merged.id')
      .from(knex.raw('((?) UNION ALL (?)) AS merged', [named, others]))
      .orderBy('merged.sorted', sortOrder)
      .orderBy('merged.id', sortOrder);
  };
  /** Sorted by an amount over several batches, without a search or a client: pages can merge the batches' walks (mergedPage). */
  const plain = sortBy !== 'createdAt' && search === '' && !scope.clientId && batchIds.length > 1;
  /** All Clients so sorted, nothing filtered: its pages merge the batches' walks of latest results (latestWalks). */
  const mergesLatest = plain && columns === LATEST_LISTING && unfiltered;
  let figuresRead: Promise<BatchFigures[]> | undefined;
  /** The figures latestWalks reads, read once for the page and its count (their clients' sum). */
  const latestFigures = () => (figuresRead ??= batchFigures(knex, batchIds, scope.institutionId));
  /**
   * The query of one page of those ids (wrapped: a query builder is thenable). Sorted by an amount
   * across several batches, with no search and no client (whose rows are found through their
   * clients), each batch's first `offset + limit` rows come in order from the results (batch, amount,
   * id) indexes and are merged: the page is read from a few hundred index entries instead of every
   * result of the institution being sorted for it. All Clients (without dates or amounts) reads each
   * batch's results the same way and keeps those that are their client's latest: a client's latest is
   * in one batch, and its listing columns are that result's. A page so deep that the batches would
   * hand over more rows than MERGED_ROWS_AT_MOST (MERGED_LATEST_AT_MOST) is sorted as before.
   */
  const pageQuery = async (
    limit: number,
    offset: number,
    matching?: number,
  ): Promise<{ query: Knex.QueryBuilder; orElse?: () => Knex.QueryBuilder; from?: number }> => {
    const walkable = sortBy === 'createdAt' && namedBatches.length === 0 && noAmounts;
    /** Each walked row's search text looked up by its client. */
    const lookedUp = () => knex.raw(`(SELECT s.search_text LIKE lower(?) FROM ${CLIENT_SEARCH} s WHERE s.client_id = w.client)`, [like]);
    if (search !== '' && matching !== undefined && matching <= SEARCH_SORTED_AT_MOST[scope.batchId ? 'oneBatch' : 'everyBatch']) {
      const listedFirst = () =>
        inOrder(unsearched.clone().modify(searched, true).select({ id: columns.id }))
          .limit(limit)
          .offset(offset);
      if (walkable && matching > WALKED_FIRST_ABOVE && offset + limit <= WALKED_FIRST_PAGE_END)
        return { query: walkedPage(limit, offset, DENSE_WALK_WINDOW, lookedUp()), orElse: listedFirst };
      return { query: listedFirst() };
    }
    // Each branch walks in order and stops after the page's last row.
    if (partlyNamed)
      return {
        query: orderedIds(offset + limit)
          .limit(limit)
          .offset(offset),
      };
    if (plain && columns === RESULT_LISTING && batchIds.length * (offset + limit) <= MERGED_ROWS_AT_MOST) {
      return mergedPage(batchIds, () => filtered.clone(), limit, offset);
    }
    if (mergesLatest) {
      const walks = latestWalks(await latestFigures(), offset + limit);
      if (walks.batchIds.length > 0 && walks.rows <= MERGED_LATEST_AT_MOST) return mergedPage(walks.batchIds, latestResults, limit, offset);
    }
    if (search !== '' && matching !== undefined && walkable && !TRIGRAM.test(search) && offset + limit <= SEARCH_WALK_WINDOW) {
      // The institution's matching clients read once into a list when it is small enough, else each row's search text looked up.
      const matches =
        searchRows && (await searchListsClients(knex, scope.institutionId))
          ? knex.raw('w.client IN (?)', [searchRows().select('client_id')])
          : lookedUp();
      return { query: walkedPage(limit, offset, SEARCH_WALK_WINDOW, matches), orElse: () => orderedIds().limit(limit).offset(offset) };
    }
    return { query: orderedIds().limit(limit).offset(offset) };
  };
  /**
   * A page of the rows in scope that pass `matches` (a test of the walked row `w`), read in the
   * screens' default order over at most `window` rows: filled within them, it is the page; otherwise
   * the caller reads it another way (pageQuery's `orElse`).
   */
  const walkedPage = (limit: number, offset: number, window: number, matches: Knex.Raw) => {
    const inScope = inOrder(unsearched.clone().select({ id: columns.id, at: columns.sorts.createdAt, client: columns.client })).limit(
      window,
    );
    return knex
      .select('w.id')
      .from(inScope.as('w'))
      .whereRaw(testedPerRow('?'), [matches])
      .orderBy('w.at', sortOrder)
      .orderBy('w.id', sortOrder)
      .limit(limit)
      .offset(offset);
  };
  /**
   * The results in scope that are their client's latest (what All Clients lists, each client once).
   * Looked up for each row the walk reads (a subquery, never a join: as a semi-join the planner
   * hashed every client of the institution for each batch, 3.3 s a page at a million results),
   * testedPerRow: half the rows pass it in a monthly file (half or all); as an equality the planner
   * guessed 1 row in 200, and from a few hundred rows deep it read each batch's 100 000 results,
   * looked every one's client up and sorted them instead of walking the amount's index (page 10 of
   * 50 at 200 000 results 0.4–0.7 s, walked 7–9 ms).
   * Sorting used to be refused for the page's transaction instead, three more statements a page.
   * latestWalks has already bounded the walk by the projection's figures.
   */
  const latestResults = () => {
    const rows = knex({ r: RESULTS }).whereRaw(
      testedPerRow(`(SELECT c.latest_result_id FROM ${CLIENTS} c WHERE c.id = r.client_id) = r.id`),
    );
    if (scope.institutionId !== null) rows.where(RESULT_LISTING.institution, scope.institutionId);
    return rows;
  };
  /**
   * Each batch's first `offset + limit` of `rows` in the amount's order, merged into the page. Sent
   * prepared: planning its ten-odd branches took 1.7 ms a page, more than running a first page's
   * (0.7 ms). Each branch's plan is the same walk of its batch's index whatever the values, once
   * the number of rows it reads is written into the text rather than sent as a value (a generic
   * plan would guess that number); it is rounded up to a power of two (16 at least) so that a few
   * texts serve the first pages, the merge keeping the page's rows. Deeper pages (more than
   * MERGED_PREPARED_AT_MOST rows a branch), where planning is a small part, and pages filtered by
   * dates or amounts, whose best plan depends on how many rows the filter keeps, are planned each time.
   * 20 readers of All Clients' pages at 1 000 000 results: planning 6.0–6.8 → 4.3–4.7 s in 20 s, CPU
   * a read about 5% less (alternated, 2026-11-30).
   * The merge itself hands over as many rows, written into its text too, and the page is taken from
   * them `from` its offset: with the page's limit and offset sent as values, PostgreSQL priced the
   * generic plan as if a tenth of every branch were read, 25 times a first page's custom plan, and
   * kept planning each call (2.1 ms a page).
   */
  const mergedPage = (batches: number[], rows: () => Knex.QueryBuilder, limit: number, offset: number) => {
    const amount = RESULT_LISTING.sorts[sortBy];
    const shallow = unfiltered && offset + limit <= MERGED_PREPARED_AT_MOST;
    const eachAtMost = shallow ? 2 ** Math.ceil(Math.log2(Math.max(offset + limit, 16))) : offset + limit;
    const branches = batches.map((batchId) =>
      rows()
        .where(RESULT_LISTING.batch, batchId)
        .select({ id: RESULT_LISTING.id, amount })
        .orderBy(amount, sortOrder)
        .orderBy(RESULT_LISTING.id, sortOrder)
        .limit(eachAtMost, { skipBinding: shallow }),
    );
    const merged = knex
      .select('merged.id')
      .from(knex.raw(`(${branches.map(() => '?').join(' UNION ALL ')}) AS merged`, branches))
      .orderBy('merged.amount', sortOrder)
      .orderBy('merged.id', sortOrder);
    if (shallow) return { query: prepared(merged.limit(eachAtMost, { skipBinding: true })), from: offset };
    return { query: merged.limit(limit).offset(offset) };
  };
  /**
   * How many rows there are. Without a search or an amount, the figures the scoring projection keeps
   * give the count from a few rows per batch (results per chunk and time; clients by the batch of their
   * latest result) instead of counting up to a million rows; a search over every batch, from the
   * matching clients' search rows (in one batch: countEachBatch); otherwise the rows are counted. A
   * search's total is kept until the institution's results change (searchTotal).
   */
  const countRows = async (): Promise<number> => {
    const byFigures = search === '' && noAmounts && !scope.clientId;
    // Every completed batch in scope, nothing but a search on clients: each matching client's search
    // row keeps the batch of each of its results, those of batches still being scored (`hidden`) left
    // out (a client is listed once it has a result in a completed batch).
    const everyBatch = !scope.batchId && !scope.clientId && unfiltered;
    if (searchRows && everyBatch && namedBatches.length === 0) {
      const results = () =>
        hidden.length === 0
          ? knex.raw('coalesce(sum(cardinality(batches)), 0) AS count')
          : knex.raw('coalesce(sum(cardinality(ARRAY(SELECT b FROM unnest(batches) AS b WHERE b <> ALL(?::int[])))), 0) AS count', [
              hidden,
            ]);
      const counted =
        columns === RESULT_LISTING
          ? searchRows().first(results())
          : searchRows().whereRaw('NOT batches <@ ?::int[]', [hidden]).first(knex.raw('count(*) AS count'));
      return Number((await counted).count);
    }
    if (byFigures && columns === RESULT_LISTING) {
      const figures = knex(RESULT_FIGURES).whereRaw('batch_id = ANY(?::int[])', [batchIds]);
      if (scope.institutionId !== null) figures.where('institution_id', scope.institutionId);
      if (dateFrom) figures.where('created_at', '>=', dateFrom);
      if (dateTo) figures.where('created_at', '<', dateTo);
      return Number((await prepared(figures.first(knex.raw('coalesce(sum(results), 0) AS count')))).count);
    }
    if (mergesLatest) return (await latestFigures()).reduce((sum, batch) => sum + batch.latest, 0);
    if (byFigures && !dateFrom && !dateTo) {
      const figures = knex(PORTFOLIO_FIGURES).whereRaw('batch_id = ANY(?::int[])', [batchIds]);
      if (scope.institutionId !== null) figures.where('institution_id', scope.institutionId);
      return Number((await prepared(figures.first(knex.raw('coalesce(sum(clients), 0) AS count')))).count);
    }
    if (search === '') {
      const [{ count: counted }] = await filtered.clone().count<{ count: string }[]>('* as count');
      return Number(counted);
    }
    // A search's count walks the matching clients and reads each one's results by the results
    // (client_id, …) index alone. Left to its default the planner prices those reads as from a
    // spinning disk and scans every result instead: 0.46 s against 0.13 s at a million results, measured.
    // (The platform's sessions already run without parallel workers, platformSessionOptions.)
    const countOf = async (rows: Knex.QueryBuilder) =>
      Number((await underSettings<{ count: string }[]>(knex, ['random_page_cost = 1.1'], rows.count('* as count')))[0].count);
    if (!partlyNamed) return countOf(filtered.clone());
    const [named, others] = await Promise.all(branches().map(countOf));
    return named + others;
  };
  /** What a search's total depends on besides the institution (searchTotal's key), in batch `batchId`'s scope. */
  const searchKey = (batchId: number | null | undefined) => [batchId, scope.clientId, view, search, dateFrom, dateTo, minAmount, maxAmount];
  /**
   * A search within one batch, nothing but a search on clients: every completed batch's total at once,
   * from the batch ids (one per result) in the matching clients' search rows, the other completed batches' kept
   * alongside (as costly as counting one: 64–70 ms against 56–77 ms for a surname at a million
   * results). A batch named like the search lists all its rows, so its total is left to its own count.
   */
  const countEachBatch = async (matching: () => Knex.QueryBuilder): Promise<Counted> => {
    const rows = await matching()
      .crossJoin(knex.raw('unnest(batches) AS batch_id'))
      .groupBy('batch_id')
      .select<{ batch_id: number; count: string }[]>('batch_id', knex.raw('count(*) AS count'));
    const totals = new Map(rows.map((row) => [Number(row.batch_id), Number(row.count)]));
    const alongside = [...totals].filter(
      ([batchId]) => batchId !== scope.batchId && !namedInInstitution.includes(batchId) && !hidden.includes(batchId),
    );
    return {
      total: batchIds.length === 0 ? 0 : (totals.get(batchIds[0]) ?? 0),
      alongside: alongside.map(([batchId, total]) => ({ search: searchKey(batchId), total })),
    };
  };
  const oneBatch = !!scope.batchId && !scope.clientId && unfiltered;
  const count = async (): Promise<number> => {
    if (search === '' || !searchRows) return countRows();
    const matching = searchRows;
    const eachBatch = oneBatch && scope.institutionId !== null && namedBatches.length === 0 && columns === RESULT_LISTING;
    return searchTotal(knex, scope.institutionId, searchKey(scope.batchId), state, async () =>
      eachBatch ? countEachBatch(matching) : { total: await countRows() },
    );
  };
  /** Every visible batch a client's results can be in (the listing's, when it is not scoped to one batch): pageRows' counts. */
  const visibleBatches = scope.batchId ? null : batchIds;
  return { filtered, orderedIds, pageQuery, count, searching: search !== '', visibleBatches };
}

type BatchFigures = { batchId: number; results: number; latest: number };

/**
 * Each batch's results (a completed batch's scored records) and the clients whose latest result it
 * holds, from the figures the scoring projection keeps (one statement, prepared: looked up by key).
 */
async function batchFigures(knex: Knex, batchIds: number[], institutionId: number | null): Promise<BatchFigures[]> {
  const batches = knex({ b: BATCHES })
    .whereRaw('b.id = ANY(?::int[])', [batchIds])
    .select(
      { batch_id: 'b.id', results: 'b.processed_records' },
      knex.raw(
        `(SELECT coalesce(sum(clients), 0) FROM ${PORTFOLIO_FIGURES} p WHERE p.institution_id = b.institution_id AND p.batch_id = b.id) AS latest`,
      ),
    );
  if (institutionId !== null) batches.where('b.institution_id', institutionId);
  const rows: { batch_id: number; results: number; latest: string }[] = await prepared(batches);
  return rows.map((row) => ({ batchId: row.batch_id, results: Number(row.results), latest: Number(row.latest) }));
}

/**
 * All Clients merged from the batches' results walks each batch's results in order until it has
 * found `wanted` that are their client's latest, looking each one's client up. From the batches'
 * figures: those that hold any client's latest, and about how many rows their walks read. A batch
 * whose clients were all scored again since (the same file every month) is left out; one with few
 * latest ones costs a long walk.
 */
function latestWalks(figures: BatchFigures[], wanted: number): { batchIds: number[]; rows: number } {
  const holding = figures.filter((batch) => batch.latest > 0);
  const walked = holding.reduce((sum, batch) => sum + Math.min(batch.results, Math.ceil((wanted * batch.results) / batch.latest)), 0);
  return { batchIds: holding.map((batch) => batch.batchId), rows: walked };
}

/** Runs one query with planner settings (constants of this file, never input) for its own transaction only. */
async function underSettings<T>(knex: Knex, settings: readonly string[], query: Knex.QueryBuilder): Promise<T> {
  return knex.transaction(async (trx) => {
    for (const setting of settings) await trx.raw(`SET LOCAL ${setting}`);
    return (await query.transacting(trx)) as T;
  });
}

/** Results with the results screen's filters, sort and paging; `clients` view keeps each client's latest result. */
export async function listResults(knex: Knex, scope: ResultScope, query: ResultFilterParams, defaultLimit = 10) {
  const page = paging(query, defaultLimit);
  const { pageQuery, count: counted, searching, visibleBatches } = await filteredResults(knex, scope, query);
  const idsOfPage = async (matching?: number): Promise<{ id: string }[]> => {
    const { query, orElse, from } = await pageQuery(page.limit, page.offset, matching);
    const read: { id: string }[] = await query;
    const ids = from === undefined ? read : read.slice(from, from + page.limit);
    // A walk over its window that did not fill the page (the matches further down, or the last page): read the planner's way.
    return orElse && ids.length < page.limit ? orElse() : ids;
  };
  // A search's page is read the way its count says suits it (SEARCH_SORTED_AT_MOST), and not at all
  // past its last row (a search that matches nothing); the count is kept for the next pages and
  // colleagues' same search (searchTotal), so it rarely costs a query.
  const [count, ids] = searching
    ? await counted().then(async (total) => [total, total > page.offset ? await idsOfPage(total) : []] as const)
    : await Promise.all([counted(), idsOfPage()]);
  const pageIds = ids.map((row) => Number(row.id));
  // All Clients: each client's latest result with how many results the client has, read with the page's rows.
  const counting = query.view === 'clients';
  const rows: CountedRecord[] = pageIds.length === 0 ? [] : await pageRows(knex, pageIds, counting && { in: visibleBatches });
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const results = pageIds
    .map((id) => byId.get(id))
    .filter((row): row is CountedRecord => row !== undefined)
    .map((row) => (counting ? { ...toResult(row), resultCount: Number(row.result_count) } : toResult(row)));
  return { results, pagination: pagination(count, page) };
}

type CountedRecord = ResultRecord & { result_count?: string };

/**
 * A page's results by id with their clients and batches; `counted`, each with its client's count of
 * results in visible batches (a subquery per row by the results (client_id, …) index, in the same
 * statement: the count is not another round trip). Given the visible batches (`in`: every one a
 * client's results can be in), the count reads that index alone; otherwise it joins each result's batch
 * to check its status (1.7–1.9 against 0.6–1.0 ms for a page of 50 at 1 000 000 results).
 */
export const pageRows = (knex: Knex, pageIds: number[], counted: false | { in: number[] | null }) => {
  const rows = knex({ r: RESULTS })
    .join({ c: CLIENTS }, 'c.id', 'r.client_id')
    .join({ b: BATCHES }, 'b.id', 'r.batch_id')
    .whereRaw('r.id = ANY(?::bigint[])', [pageIds])
    .select(RESULT_COLUMNS);
  if (counted) {
    const clientResults = knex({ rc: RESULTS }).where('rc.client_id', knex.ref('r.client_id'));
    if (counted.in) clientResults.whereRaw('rc.batch_id = ANY(?::int[])', [counted.in]);
    else clientResults.join({ bc: BATCHES }, 'bc.id', 'rc.batch_id').whereIn('bc.status', VISIBLE_STATUSES);
    rows.select(clientResults.count('*').as('result_count'));
  }
  return prepared(rows);
};

/**
 * How many results each of these clients has in visible batches (what its details page lists), by
 * client id: read by the results (client_id, created_at) index, a page of clients at a time. A client
 * belongs to one institution, so another institution's results are never counted.
 */
export async function resultCounts(knex: Knex, clientIds: number[]): Promise<Map<number, number>> {
  if (clientIds.length === 0) return new Map();
  const rows: { client_id: string; count: string }[] = await resultCountsQuery(knex, clientIds);
  return new Map(rows.map((row) => [Number(row.client_id), Number(row.count)]));
}

/** A batch's count, averages and total, from the counts and sums the scoring projection keeps per chunk. */
export async function batchSummary(knex: Knex, batchId: number) {
  const row = await prepared(
    knex(RESULT_FIGURES)
      .where({ batch_id: batchId })
      .first(
        knex.raw('coalesce(sum(results), 0)::int AS "totalClients"'),
        knex.raw('coalesce(round(sum(credit_limit_sum) / sum(results), 2), 0)::float8 AS "avgCreditLimit"'),
        knex.raw('coalesce(round(sum(interest_rate_sum) / sum(results), 2), 0)::float8 AS "avgInterestRate"'),
        knex.raw('coalesce(sum(credit_limit_sum), 0)::float8 AS "totalCreditLimit"'),
      ),
  );
  return row as { totalClients: number; avgCreditLimit: number; avgInterestRate: number; totalCreditLimit: number };
}

/** The count's query (its plan is checked in the tests: the results (client_id, …) index, never a scan of every result). */
export const resultCountsQuery = (knex: Knex, clientIds: number[]) =>
  knex({ r: RESULTS })
    .join({ b: BATCHES }, 'b.id', 'r.batch_id')
    .whereRaw('r.client_id = ANY(?::bigint[])', [clientIds])
    .whereIn('b.status', VISIBLE_STATUSES)
    .groupBy('r.client_id')
    .select('r.client_id', knex.raw('count(*) AS count'));
