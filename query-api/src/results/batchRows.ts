import type { Knex } from 'knex';
import { BATCHES, type BatchRow } from '@credit/projectors/src/readModels';
import { assertSignedIn, NotFoundError, type AuthenticatedUser } from '@credit/events';

/** The batches row under the name the query side first gave it. */
export type BatchRecord = BatchRow;

/** An upload batch as the spec's Upload batch entity lists it. */
export const toBatch = (row: BatchRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  filename: row.filename,
  fileType: row.file_type,
  institutionId: row.institution_id,
  status: row.status,
  total_records: row.total_records,
  processed_records: row.processed_records,
  failed_records: row.failed_records,
  failureReason: row.failure_reason,
  modelVersion: Number(row.model_version),
  modelHash: row.model_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  completedAt: row.completed_at,
});

/** The batch if the caller may see it; another institution's batch is a 404, never its data. */
export async function visibleBatch(knex: Knex, user: AuthenticatedUser | undefined, batchId: number): Promise<BatchRow> {
  const signedIn = assertSignedIn(user);
  const row = await knex<BatchRow>(BATCHES).where({ id: batchId }).first();
  if (!row) throw new NotFoundError('Batch not found');
  assertVisibleTo(signedIn, row.institution_id, 'Batch not found');
  return row;
}

/** Another institution's row is answered as absent (404), so its existence is not shown either. */
export function assertVisibleTo(user: AuthenticatedUser, institutionId: number, notFound: string): void {
  if (!user.isAdmin && user.institutionId !== institutionId) throw new NotFoundError(notFound);
}
