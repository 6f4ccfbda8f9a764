import type { Knex } from 'knex';
import { assertSignedIn, NotFoundError, type AuthenticatedUser } from '@credit/events';

export type BatchRecord = {
  id: number;
  institution_id: number;
  name: string;
  description: string | null;
  filename: string;
  file_type: string;
  status: string;
  total_records: number;
  processed_records: number;
  failed_records: number;
  headers: string[];
  model_version: string;
  model_hash: string;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
};

/** An upload batch as the spec's Upload batch entity lists it. */
export const toBatch = (row: BatchRecord) => ({
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
export async function visibleBatch(knex: Knex, user: AuthenticatedUser | undefined, batchId: number): Promise<BatchRecord> {
  const signedIn = assertSignedIn(user);
  const row: BatchRecord | undefined = await knex('batches').where({ id: batchId }).first();
  if (!row) throw new NotFoundError('Batch not found');
  assertVisibleTo(signedIn, row.institution_id, 'Batch not found');
  return row;
}

/** Another institution's row is answered as absent (404), so its existence is not shown either. */
export function assertVisibleTo(user: AuthenticatedUser, institutionId: number, notFound: string): void {
  if (!user.isAdmin && user.institutionId !== institutionId) throw new NotFoundError(notFound);
}
