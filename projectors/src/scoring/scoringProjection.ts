import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@credit/events';
import { identityColumns, scoreRow } from '@credit/scoring';
import type { Projection } from '../runtime/projection';
import { CompiledModels } from './compiledModels';
import { BATCH_ERRORS, BATCHES, CLIENTS, RESULTS, scoringMigrations } from './scoringTables';

type BatchRow = { id: number; institution_id: number; headers: string[]; model_version: string };
type Started = {
  batchId: number;
  institutionId: number;
  name: string;
  description: string | null;
  fileName: string;
  fileType: string;
  totalRows: number;
  headers: string[];
  modelVersion: number;
  modelHash: string;
};
type Chunk = { batchId: number; chunk: number; rowNumbers: number[]; rows: string[][] };
type Rejected = { batchId: number; chunk: number; errors: { row: number; column: string; reason: string }[] };

const WRITE_PAGE = 5_000;

/**
 * Results keep where their record sits in the log (chunk and row), not a copy of it: the record is
 * read back from the batch's stream when a result is explained, exported or compared.
 *
 * Turns uploaded record chunks into clients and results, scoring each record with the model and
 * the institution's parameters as of the batch's upload position, so a replay gives the same
 * result to the franc whatever the model has become since.
 */
export function scoringProjection(store: EventStore): Projection {
  const models = new CompiledModels(store);

  async function started(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as Started;
    const at = event.metadata.occurredAt;
    await trx(BATCHES).insert({
      id: data.batchId,
      institution_id: data.institutionId,
      name: data.name,
      description: data.description,
      filename: data.fileName,
      file_type: data.fileType,
      status: 'processing',
      total_records: data.totalRows,
      headers: JSON.stringify(data.headers),
      model_version: data.modelVersion,
      model_hash: data.modelHash,
      created_at: at,
      updated_at: at,
    });
  }

  async function recordsUploaded(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as Chunk;
    const at = event.metadata.occurredAt;
    const batch: BatchRow = await trx(BATCHES).where({ id: data.batchId }).first('id', 'institution_id', 'headers', 'model_version');
    const { compiled, columns } = await models.get(Number(batch.model_version), batch.institution_id, batch.headers);
    const identity = identityColumns(batch.headers);
    const cell = (row: string[], index: number) => (index === -1 ? '' : row[index].trim());

    const references = data.rows.map((row) => cell(row, identity.referenceNumber));
    const clientIds = new Map<string, string>();
    for (let start = 0; start < data.rows.length; start += WRITE_PAGE) {
      const page = data.rows.slice(start, start + WRITE_PAGE);
      const upserted = await trx.raw(
        `INSERT INTO clients (institution_id, reference_number, name, phone_number, email, created_at, updated_at)
         SELECT ?, r, n, p, e, ?::timestamptz, ?::timestamptz FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS t(r, n, p, e)
         ON CONFLICT (institution_id, reference_number)
         DO UPDATE SET name = excluded.name, phone_number = excluded.phone_number, email = excluded.email, updated_at = excluded.updated_at
         RETURNING id, reference_number`,
        [
          batch.institution_id,
          at,
          at,
          references.slice(start, start + WRITE_PAGE),
          page.map((row) => cell(row, identity.name)),
          page.map((row) => cell(row, identity.phoneNumber)),
          page.map((row) => cell(row, identity.email)),
        ],
      );
      for (const row of upserted.rows as { id: string; reference_number: string }[]) clientIds.set(row.reference_number, row.id);
    }

    const columnsOut: unknown[][] = [[], [], [], [], [], [], [], [], []];
    let failed = 0;
    data.rows.forEach((row, index) => {
      const result = scoreRow(compiled, columns, row);
      if (result.status !== 'scored') {
        failed += 1;
        return;
      }
      const values = [
        clientIds.get(references[index]),
        data.rowNumbers[index],
        result.creditLimit,
        result.interestRate,
        result.sumNormalisedCreditLimitWeights,
        result.sumNormalisedInterestRateWeights,
        data.chunk,
        index,
        index,
      ];
      values.forEach((value, column) => columnsOut[column].push(value));
    });
    for (let start = 0; start < columnsOut[0].length; start += WRITE_PAGE) {
      const slice = columnsOut.map((column) => column.slice(start, start + WRITE_PAGE));
      await trx.raw(
        `INSERT INTO results (batch_id, institution_id, client_id, row_number, credit_limit, interest_rate,
                              sum_normalised_credit_limit_weights, sum_normalised_interest_rate_weights, model_version, chunk, chunk_row, created_at)
         SELECT ?, ?, c, r, l, i, w1, w2, ?, k, kr, ?::timestamptz
           FROM unnest(?::bigint[], ?::int[], ?::bigint[], ?::numeric[], ?::float8[], ?::float8[], ?::int[], ?::int[], ?::int[]) AS t(c, r, l, i, w1, w2, k, kr, o)
          ORDER BY o`,
        [data.batchId, batch.institution_id, batch.model_version, at, ...(slice as never[])],
      );
    }
    await trx(BATCHES)
      .where({ id: data.batchId })
      .update({
        processed_records: trx.raw('processed_records + ?', [data.rows.length - failed]),
        failed_records: trx.raw('failed_records + ?', [failed]),
        updated_at: at,
      });
  }

  async function rowsRejected(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as Rejected;
    if (data.errors.length === 0) return;
    const offset = Number((await trx(BATCH_ERRORS).where({ batch_id: data.batchId }).count<{ count: string }[]>('* as count'))[0].count);
    await trx.raw(
      `INSERT INTO batch_errors (batch_id, seq, row_number, column_name, reason)
       SELECT ?, ? + o, r, c, m FROM unnest(?::int[], ?::text[], ?::text[]) WITH ORDINALITY AS t(r, c, m, o)`,
      [
        data.batchId,
        offset,
        data.errors.map((error) => error.row),
        data.errors.map((error) => error.column),
        data.errors.map((error) => error.reason),
      ],
    );
  }

  async function completed(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as { batchId: number; acceptedRows: number; rejectedRows: number };
    const batch = await trx(BATCHES).where({ id: data.batchId }).first('failed_records');
    const failed = Number(batch.failed_records) + data.rejectedRows;
    await trx(BATCHES)
      .where({ id: data.batchId })
      .update({
        status: failed > 0 ? 'completed_with_errors' : 'completed',
        failed_records: failed,
        updated_at: event.metadata.occurredAt,
        completed_at: event.metadata.occurredAt,
      });
  }

  async function failedBatch(event: RecordedEvent, trx: Knex.Transaction) {
    const data = event.data as { batchId: number; reason: string };
    await trx(RESULTS).where({ batch_id: data.batchId }).delete();
    await trx(BATCHES)
      .where({ id: data.batchId })
      .update({
        status: 'failed',
        failure_reason: data.reason,
        failed_records: trx.ref('total_records'),
        updated_at: event.metadata.occurredAt,
      });
  }

  const handlers: Record<string, (event: RecordedEvent, trx: Knex.Transaction) => Promise<void>> = {
    BatchUploadStarted: started,
    ClientRecordsUploaded: recordsUploaded,
    BatchRowsRejected: rowsRejected,
    BatchUploadCompleted: completed,
    BatchUploadFailed: failedBatch,
  };

  return {
    name: 'scoring',
    eventTypes: Object.keys(handlers),
    tables: [RESULTS, CLIENTS, BATCH_ERRORS, BATCHES],
    migrations: scoringMigrations,
    batchSize: 8,
    async handle(events, trx) {
      for (const event of events) await handlers[event.type](event, trx);
    },
  };
}
