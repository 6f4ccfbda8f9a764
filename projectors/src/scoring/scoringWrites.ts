import type { Knex } from 'knex';
import { CLIENT_REFERENCES } from './clientReferenceTables';
import { CLIENT_SEARCH, searchText } from './clientSearchTables';
import { copyRows, type CopyCell, NULL } from './copyRows';
import {
  addNewClientsToPortfolio,
  dropEmptyPortfolioRows,
  figuredAs,
  figuredOf,
  moveInPortfolio,
  withdrawFromPortfolio,
} from './portfolioFigures';
import type { BatchBeingScored, PlannedClient, PlannedResult } from './runPlan';
import { BATCHES, CLIENT_IDENTITY_CHANGES, CLIENTS, COMPLETED_STATUSES_SQL, RESULTS, SCORING_COUNTERS } from './scoringTables';

/** Takes `count` ids from a counter in this transaction; returns the first. */
export async function takeIds(trx: Knex.Transaction, counter: 'client' | 'result', count: number): Promise<number> {
  if (count === 0) return 0;
  const { rows } = await trx.raw(
    `INSERT INTO ${SCORING_COUNTERS} (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = ${SCORING_COUNTERS}.value + excluded.value RETURNING value`,
    [counter, count],
  );
  return Number(rows[0].value) - count + 1;
}

/**
 * An institution's clients by reference number: existing ones get the file's latest identity,
 * new ones an id from the counter, in file order, with their result (the run's results take ids
 * from `firstResultId`) as their latest (an existing client's latest moves when the batch
 * completes), and each client's results counted in its search row. Returns reference → client id,
 * and how many of the run's results are of clients that were there before it (those whose latest
 * result the completion may move).
 */
export async function upsertClients(
  trx: Knex.Transaction,
  batch: BatchBeingScored,
  clients: readonly PlannedClient[],
  firstResultId: number,
  at: string,
): Promise<{ ids: Map<string, number>; knownResults: number }> {
  const { id: batchId, institutionId } = batch;
  const ids = new Map<string, number>();
  // Each reference looked up in the institution's key (LATERAL, and OFFSET 0 so that it stays one):
  // as a join, PostgreSQL hashed every client of the institution for a run's 25 000 references, 1.1 s
  // at 600 000 clients against 0.3 s (issue 24).
  const existing = await trx.raw<{ rows: { id: string; reference_number: string }[] }>(
    `SELECT k.client_id AS id, k.reference_number FROM unnest(?::text[]) AS r(reference)
       CROSS JOIN LATERAL (SELECT k.client_id, k.reference_number FROM ${CLIENT_REFERENCES} k
                            WHERE k.institution_id = ? AND md5(k.reference_number) = md5(r.reference) AND k.reference_number = r.reference
                           OFFSET 0) k`,
    [clients.map((client) => client.reference), institutionId],
  );
  for (const row of existing.rows) ids.set(row.reference_number, Number(row.id));
  // A reference twice among existing clients (only hand-written events can do that): the later identity wins.
  const known = [...new Map(clients.filter((client) => ids.has(client.reference)).map((client) => [client.reference, client])).values()];
  // Twice among new ones is refused by the key of references (client_references), and fails the batch.
  const fresh = clients.filter((client) => !ids.has(client.reference));
  const scored = clients.filter((client) => client.result !== null && ids.has(client.reference));
  if (known.length > 0) {
    await overwriteIdentities(trx, batchId, known, ids, at);
    await addToSearch(
      trx,
      batchId,
      scored.map((client) => ids.get(client.reference) as number),
    );
  }
  if (fresh.length > 0) {
    const first = await takeIds(trx, 'client', fresh.length);
    fresh.forEach((client, index) => ids.set(client.reference, first + index));
    await copyRows(
      trx,
      CLIENTS,
      [
        'id',
        'institution_id',
        'reference_number',
        'name',
        'phone_number',
        'email',
        'created_batch_id',
        'created_at',
        'updated_at',
        'latest_result_id',
        'latest_batch_id',
        'latest_at',
        'latest_credit_limit',
        'latest_interest_rate',
      ],
      fresh.map((client): CopyCell[] => [
        ids.get(client.reference) as number,
        institutionId,
        client.reference,
        client.name,
        client.phone,
        client.email,
        batchId,
        at,
        at,
        ...(client.result === null
          ? NO_LATEST_RESULT
          : [firstResultId + client.result.nth, batchId, at, client.result.creditLimit, client.result.interestRate]),
      ]),
    );
    const latest = fresh.flatMap((client) => (client.result === null ? [] : [client.result]));
    await addNewClientsToPortfolio(trx, institutionId, batchId, latest);
  }
  return { ids, knownResults: scored.length };
}

/**
 * Existing clients take the file's identity. Only those whose identity differs are written (with
 * `updated_at` the time their identity last changed): rewriting an unchanged row would rewrite its
 * index entries too (its id, the latest-result listing; the search text changes only with an identity), and a
 * monthly file repeats most identities. So is a client whose identity another batch still being
 * scored has overwritten, so that a failure of that batch leaves this later file's identity in place
 * (it puts back only what no later batch has set since). What each overwrite replaced is kept until
 * the batch completes, for a failure to put it back.
 *
 * Each statement reaches its table through the clients' ids (`= ANY`) and joins only the rows it
 * writes, whose number PostgreSQL then knows: as one statement joining the file to each table, it
 * read and hashed the whole table, every institution's clients, for a run's 25 000 (7.5 s of a
 * 100 000-record upload at 800 000 clients; issue 24).
 */
async function overwriteIdentities(
  trx: Knex.Transaction,
  batchId: number,
  known: readonly PlannedClient[],
  ids: ReadonlyMap<string, number>,
  at: string,
): Promise<void> {
  const clientIds = known.map((client) => ids.get(client.reference) as number);
  const overwritten = await trx.raw<{ rows: { client_id: string }[] }>(
    `INSERT INTO ${CLIENT_IDENTITY_CHANGES} (batch_id, client_id, name, phone_number, email, updated_at, set_at)
     SELECT ?, c.id, c.name, c.phone_number, c.email, c.updated_at, ?::timestamptz
       FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[]) AS file(id, n, p, e)
       JOIN ${CLIENTS} c ON c.id = file.id AND c.id = ANY(?::bigint[])
      WHERE (c.name, c.phone_number, c.email) IS DISTINCT FROM (file.n, file.p, file.e)
         OR c.id IN (SELECT client_id FROM ${CLIENT_IDENTITY_CHANGES} WHERE batch_id <> ?)
     ON CONFLICT (batch_id, client_id) DO UPDATE SET set_at = ${CLIENT_IDENTITY_CHANGES}.set_at
     RETURNING client_id`,
    [batchId, at, clientIds, ...identityColumns(known), clientIds, batchId] as never[],
  );
  if (overwritten.rows.length === 0) return;
  const changed = new Set(overwritten.rows.map((row) => Number(row.client_id)));
  const rewritten = known.filter((client) => changed.has(ids.get(client.reference) as number));
  const rewrittenIds = rewritten.map((client) => ids.get(client.reference) as number);
  await trx.raw(
    `UPDATE ${CLIENTS} c SET name = file.n, phone_number = file.p, email = file.e, updated_at = ?::timestamptz
       FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[]) AS file(id, n, p, e)
      WHERE c.id = file.id AND c.id = ANY(?::bigint[])`,
    [at, rewrittenIds, ...identityColumns(rewritten), rewrittenIds] as never[],
  );
  await trx.raw(
    `UPDATE ${CLIENT_SEARCH} s SET search_text = ${searchText('file.n', 'file.r', 'file.e')}
       FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[]) AS file(id, n, r, e)
      WHERE s.client_id = file.id AND s.client_id = ANY(?::bigint[])`,
    [
      rewrittenIds,
      rewritten.map((client) => client.name),
      rewritten.map((client) => client.reference),
      rewritten.map((client) => client.email),
      rewrittenIds,
    ] as never[],
  );
}

/** The latest-result columns of a client whose record did not score. */
const NO_LATEST_RESULT: CopyCell[] = [NULL, NULL, NULL, NULL, NULL];

const identityColumns = (clients: readonly PlannedClient[]) => [
  clients.map((client) => client.name),
  clients.map((client) => client.phone),
  clients.map((client) => client.email),
];

/** Writes a run's results with ids `first`, `first + 1`, … (taken before the clients were written), each for its client's id. */
export async function insertResults(
  trx: Knex.Transaction,
  batch: BatchBeingScored,
  results: readonly PlannedResult[],
  clientIds: ReadonlyMap<string, number>,
  first: number,
  at: string,
): Promise<void> {
  await copyRows(
    trx,
    RESULTS,
    [
      'id',
      'batch_id',
      'institution_id',
      'client_id',
      'row_number',
      'credit_limit',
      'interest_rate',
      'sum_normalised_credit_limit_weights',
      'sum_normalised_interest_rate_weights',
      'model_version',
      'chunk',
      'chunk_row',
      'created_at',
    ],
    results.map((result) => [
      first + result.nth,
      batch.id,
      batch.institutionId,
      clientIds.get(result.reference) as number,
      result.rowNumber,
      result.creditLimit,
      result.interestRate,
      result.creditLimitWeights,
      result.interestRateWeights,
      batch.modelVersion,
      result.chunk,
      result.chunkRow,
      at,
    ]),
  );
}

/** A client's latest result as the client's row keeps it, from the result `r`. */
const LATEST_FROM_R = `latest_result_id = r.id, latest_batch_id = r.batch_id, latest_at = r.created_at,
  latest_credit_limit = r.credit_limit, latest_interest_rate = r.interest_rate`;

/**
 * Once a batch completes, its results become its existing clients' latest where they are newer
 * (its new clients have pointed at theirs since they were written, so theirs is not newer), and the
 * portfolio's figures move with them. A client's row holds its latest result's time and id, so
 * "newer" is read from the row itself, each looked up by its id (LATERAL): as a join, PostgreSQL
 * read and hashed every institution's clients, a cost that grows with the platform, not the batch
 * (100 000 results at 2 050 000 clients: 1.5–2.1 against 0.3–0.6 s alone, 0.98/1.03 against
 * 0.68/0.94 s in an upload). The client's current latest result is read with its row, by id, for the
 * figures it leaves (moveInPortfolio): 100 000 clients moved in 3.4–4.4 s instead of 5.0–5.6 s, where
 * the figures joined every result (alternated three times at 3 600 000 results, 2026-11-30).
 */
export async function moveLatestResults(trx: Knex.Transaction, batchId: number): Promise<void> {
  await trx.raw(
    `WITH moved AS (
       UPDATE clients c SET ${LATEST_FROM_R}
         FROM (SELECT DISTINCT ON (r.client_id) r.client_id, r.id, r.batch_id, r.institution_id, r.created_at, r.credit_limit,
                      r.interest_rate, r.sum_normalised_credit_limit_weights
                 FROM results r WHERE r.batch_id = ? ORDER BY r.client_id, r.created_at DESC, r.id DESC) r
              CROSS JOIN LATERAL (SELECT b.latest_result_id, b.latest_at, ${figuredOf('o')} FROM clients b LEFT JOIN results o ON o.id = b.latest_result_id
                                   WHERE b.id = r.client_id OFFSET 0) before
        WHERE c.id = r.client_id
          AND (before.latest_result_id IS NULL OR (r.created_at, r.id) > (before.latest_at, before.latest_result_id))
        RETURNING ${figuredAs('before', 'old')}, ${figuredAs('r', 'new')})
     ${moveInPortfolio(true)}`,
    [batchId],
  );
  await dropEmptyPortfolioRows(trx);
}

/**
 * Adds a run's results of clients that were already there to their search rows: the batch's id once
 * per result (a new client's row is written with its batch's id by the statement trigger that adds
 * it). A search counts its matching results, in every batch (`cardinality(batches)`, leaving out
 * batches still being scored) or in one, from those rows alone. The ids stay ascending whatever order
 * batches are scored in, so a rebuild writes the same rows. Written as the batch is scored, not when
 * it completes: the completion is the end of an upload, where nothing overlaps it, and counting a
 * 100 000-record batch there took about 1.9 s of it. The rows are reached through their ids (`= ANY`),
 * as in `overwriteIdentities`: 2.9 → 1.9 s of a 100 000-record upload at 800 000 clients.
 */
async function addToSearch(trx: Knex.Transaction, batchId: number, clientIds: readonly number[]): Promise<void> {
  const results = new Map<number, number>();
  for (const id of clientIds) results.set(id, (results.get(id) ?? 0) + 1);
  if (results.size === 0) return;
  await trx.raw(
    `UPDATE ${CLIENT_SEARCH} s SET batches =
       CASE WHEN coalesce(s.batches[cardinality(s.batches)] < ?::int, true) THEN s.batches || array_fill(?::int, ARRAY[run.results])
            ELSE ARRAY(SELECT id FROM unnest(s.batches || array_fill(?::int, ARRAY[run.results])) AS id ORDER BY id) END
       FROM unnest(?::bigint[], ?::int[]) AS run(client_id, results)
      WHERE s.client_id = run.client_id AND s.client_id = ANY(?::bigint[])`,
    [batchId, batchId, batchId, [...results.keys()], [...results.values()], [...results.keys()]] as never[],
  );
}

/** Takes a withdrawn batch's id out of its clients' search rows. */
async function withdrawFromSearch(trx: Knex.Transaction, batchId: number): Promise<void> {
  await trx.raw(
    `UPDATE ${CLIENT_SEARCH} s SET batches = array_remove(s.batches, ?::int)
       FROM (SELECT DISTINCT client_id FROM ${RESULTS} WHERE batch_id = ?) batch
      WHERE s.client_id = batch.client_id`,
    [batchId, batchId],
  );
}

/**
 * Withdraws a batch's results (from its clients' search rows too), puts back the
 * identity it overwrote on existing clients (unless a later batch has changed them since), points
 * clients that had one of its results as their latest back at their newest remaining one in a
 * completed batch, and removes the clients it created that have no other result.
 */
export async function withdrawBatch(trx: Knex.Transaction, batchId: number): Promise<void> {
  await withdrawFromSearch(trx, batchId);
  await trx(RESULTS).where({ batch_id: batchId }).delete();
  await withdrawFromPortfolio(trx, batchId);
  await trx.raw(
    `WITH moved AS (
       UPDATE clients c SET ${LATEST_FROM_R}
         FROM clients before
         LEFT JOIN LATERAL (SELECT r.* FROM results r JOIN ${BATCHES} b ON b.id = r.batch_id AND b.status IN (${COMPLETED_STATUSES_SQL})
                            WHERE r.client_id = before.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1) r ON true
        WHERE c.id = before.id AND before.latest_batch_id = ? AND before.institution_id = (SELECT institution_id FROM batches WHERE id = ?)
        RETURNING ${figuredAs('r', 'new')})
     ${moveInPortfolio(false)}`,
    [batchId, batchId],
  );
  await trx.raw(
    `WITH put_back AS (
       UPDATE clients c SET name = ch.name, phone_number = ch.phone_number, email = ch.email, updated_at = ch.updated_at
         FROM client_identity_changes ch WHERE ch.batch_id = ? AND c.id = ch.client_id AND c.updated_at = ch.set_at
       RETURNING c.id, c.name, c.reference_number, c.email)
     UPDATE ${CLIENT_SEARCH} s SET search_text = ${searchText('put_back.name', 'put_back.reference_number', 'put_back.email')}
       FROM put_back WHERE s.client_id = put_back.id`,
    [batchId],
  );
  await forgetIdentityChanges(trx, batchId);
  await trx.raw(`DELETE FROM clients c WHERE c.created_batch_id = ? AND NOT EXISTS (SELECT 1 FROM results r WHERE r.client_id = c.id)`, [
    batchId,
  ]);
}

/** Once a batch has completed its overwrites stand, and what they replaced need not be kept. */
export async function forgetIdentityChanges(trx: Knex.Transaction, batchId: number): Promise<void> {
  await trx(CLIENT_IDENTITY_CHANGES).where({ batch_id: batchId }).delete();
}
