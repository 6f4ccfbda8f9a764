import { createHash } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { deterministicEventId } from '@credit/events';
import { resetProjection, scoringProjection, waitForCheckpoints } from '@credit/projectors';
import { generateRows, starterModel } from '@credit/scoring';
import { bearer } from './actors';
import type { TestPlatform } from './testPlatform';

export const csvOf = (headers: readonly string[], rows: readonly (readonly string[])[]): string =>
  [headers, ...rows].map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\n') +
  '\n';

/** Generated client records with the starter model's columns (deterministic for a seed). */
export function starterRows(count: number, seed = 7, options = {}) {
  const { headers, rows } = generateRows(starterModel(), count, seed, { missingRate: 0, invalidRate: 0, ...options });
  return { headers: [...headers], rows: rows.map((row) => [...row]) };
}

export function workbookOf(headers: readonly string[], rows: readonly (readonly string[])[], bookType: 'xlsx' | 'biff8'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([[...headers], ...rows.map((row) => [...row])]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Clients');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

export async function upload(
  platform: TestPlatform,
  token: string,
  file: { name: string; content: string | Buffer },
  fields: Record<string, string> = { batchName: 'Test batch' },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('csvFile', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
  return platform.request('/api/csv/upload', { method: 'POST', body: form, headers: bearer(token) });
}

/**
 * Waits until the batch has left `processing` (the scoring projector has caught up with the upload).
 * A 503 is the query API saying the projector has not reached `position` within its bound (a large
 * batch on a loaded machine): asked again after its Retry-After, until `timeoutMs` has passed.
 */
export async function settledBatch(platform: TestPlatform, token: string, batchId: number, position: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await platform.request(`/api/csv/batch/${batchId}`, {
      headers: { ...bearer(token), 'X-Min-Position': String(position) },
    });
    if (response.status === 200) return response.body.data;
    const retryAfterSeconds = Number(response.headers.get('retry-after'));
    if (response.status !== 503 || !(retryAfterSeconds >= 0) || Date.now() + retryAfterSeconds * 1000 > deadline) {
      throw new Error(`batch ${batchId}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, retryAfterSeconds * 1000));
  }
}

/** Every result row with its client's reference, hashed: equal before and after a rebuild when scoring is deterministic. */
export async function resultsChecksum(platform: TestPlatform): Promise<{ count: number; hash: string }> {
  const rows = await platform.knex.raw(
    `SELECT r.id, r.batch_id, r.client_id, r.row_number, r.credit_limit, r.interest_rate::text, r.sum_normalised_credit_limit_weights::text AS w1,
            r.sum_normalised_interest_rate_weights::text AS w2, r.model_version, r.chunk, r.chunk_row, r.created_at, c.reference_number,
            c.created_at AS client_created_at, c.updated_at AS client_updated_at, c.latest_result_id, c.latest_batch_id,
            c.latest_at, c.latest_credit_limit, c.latest_interest_rate::text AS latest_rate
       FROM results r JOIN clients c ON c.id = r.client_id ORDER BY r.id`,
  );
  return { count: rows.rows.length, hash: createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex') };
}

/**
 * Clients whose row disagrees with the result it names as latest (batch, time, credit limit, rate),
 * or names none while keeping one's figures: empty when the scoring projection keeps them in step.
 */
export async function latestOutOfStep(platform: TestPlatform): Promise<unknown[]> {
  const { rows } = await platform.knex.raw(
    `SELECT c.id, c.reference_number FROM clients c LEFT JOIN results r ON r.id = c.latest_result_id
      WHERE (c.latest_batch_id, c.latest_at, c.latest_credit_limit, c.latest_interest_rate)
            IS DISTINCT FROM (r.batch_id, r.created_at, r.credit_limit, r.interest_rate)`,
  );
  return rows;
}

/**
 * Clients without their one row in the institution's key of references (`client_references`), and
 * rows of that key with no such client: empty when the scoring projection keeps the key in step.
 */
export async function referencesOutOfStep(platform: TestPlatform): Promise<unknown[]> {
  const { rows } = await platform.knex.raw(
    `(SELECT 'expected' AS side, id, institution_id, reference_number FROM clients
       EXCEPT ALL SELECT 'expected', client_id, institution_id, reference_number FROM client_references)
     UNION ALL (SELECT 'kept', client_id, institution_id, reference_number FROM client_references
       EXCEPT ALL SELECT 'kept', id, institution_id, reference_number FROM clients)`,
  );
  return rows;
}

/**
 * Clients whose search row (institution, lower-cased name, reference and email, and the batches of
 * their results, ascending: a failed batch's are withdrawn) is missing or differs, and search rows with no client: empty
 * when the scoring projection keeps `client_search` in step.
 */
export async function searchOutOfStep(platform: TestPlatform): Promise<unknown[]> {
  const { rows } = await platform.knex.raw(
    `WITH expected AS (
       SELECT c.id AS client_id, c.institution_id, lower(c.name || chr(31) || c.reference_number || chr(31) || c.email) AS search_text,
              ARRAY(SELECT r.batch_id FROM results r WHERE r.client_id = c.id ORDER BY r.batch_id) AS batches
         FROM clients c)
     (SELECT 'expected' AS side, * FROM expected EXCEPT SELECT 'expected', * FROM client_search)
     UNION ALL (SELECT 'kept', * FROM client_search EXCEPT SELECT 'kept', * FROM expected)`,
  );
  return rows;
}

/**
 * Rows of the portfolio's figures (each client by their latest result, per batch and band) that
 * differ from a GROUP BY over the clients' latest results, in either direction: empty when the
 * scoring projection keeps them in step.
 */
export async function portfolioOutOfStep(platform: TestPlatform): Promise<unknown[]> {
  const { rows } = await platform.knex.raw(
    `WITH counted AS (
       SELECT r.institution_id, r.batch_id,
              CASE WHEN r.credit_limit >= 5000000 THEN 6 WHEN r.credit_limit >= 2000000 THEN 5 WHEN r.credit_limit >= 1000000 THEN 4
                   WHEN r.credit_limit >= 500000 THEN 3 WHEN r.credit_limit >= 250000 THEN 2 WHEN r.credit_limit >= 1 THEN 1 ELSE 0 END AS limit_band,
              floor(r.interest_rate / 2)::int AS rate_band, least(floor(r.sum_normalised_credit_limit_weights * 10), 9)::int AS score_bucket,
              count(*)::int AS clients, sum(r.credit_limit)::bigint AS credit_limit_sum, sum(r.interest_rate * 100)::bigint AS interest_rate_cents,
              sum(floor(r.sum_normalised_credit_limit_weights * 1e9)::bigint)::bigint AS score_sum
         FROM clients c JOIN results r ON r.id = c.latest_result_id GROUP BY 1, 2, 3, 4, 5)
     (SELECT 'kept' AS side, * FROM portfolio_figures EXCEPT SELECT 'kept', * FROM counted)
     UNION ALL (SELECT 'counted', * FROM counted EXCEPT SELECT 'counted', * FROM portfolio_figures)`,
  );
  return rows;
}

/** Resets the scoring projection and waits until it has replayed the whole log. */
export async function rebuildScoring(platform: TestPlatform): Promise<void> {
  const head = (await platform.store.head()).position;
  await resetProjection(platform.knex, scoringProjection(platform.store));
  await waitForCheckpoints(platform.knex, ['scoring'], head, 60_000);
}

/**
 * A batch's events written by hand, as an upload writes them (ids from the batch and index, one
 * request's metadata) but without its checks: for the scoring projection's edge cases.
 */
export function handWrittenBatch(
  institution: { id: number; name: string },
  batchId: number,
  options: { headers: readonly string[]; modelVersion: number; name?: string; correlationId?: string; occurredAt?: string },
) {
  const metadata = {
    actor: { id: String(institution.id), role: 'institution' as const, name: institution.name },
    institutionId: institution.id,
    correlationId: options.correlationId ?? `hand-written-${batchId}`,
    occurredAt: options.occurredAt ?? new Date().toISOString(),
  };
  const event = (index: number, type: string, data: unknown) => ({
    id: deterministicEventId(`batch-${batchId}/${index}`),
    type,
    data,
    metadata,
  });
  return {
    started: (totalRows: number, chunkCount: number) =>
      event(0, 'BatchUploadStarted', {
        batchId,
        institutionId: institution.id,
        name: options.name ?? `Hand-written ${batchId}`,
        description: null,
        fileName: 'hand-written.csv',
        fileType: 'csv',
        totalRows,
        headers: options.headers,
        modelVersion: options.modelVersion,
        modelHash: 'h',
        chunkCount,
      }),
    /** Chunk `index` (event index + 1), its rows numbered from 2 as a file's are. */
    chunk: (index: number, rows: readonly string[][]) =>
      event(index + 1, 'ClientRecordsUploaded', { batchId, chunk: index, rowNumbers: rows.map((_, row) => row + 2), rows }),
    completed: (eventIndex: number, acceptedRows: number) =>
      event(eventIndex, 'BatchUploadCompleted', { batchId, acceptedRows, rejectedRows: 0 }),
    failed: (eventIndex: number, reason: string) => event(eventIndex, 'BatchUploadFailed', { batchId, reason }),
  };
}
