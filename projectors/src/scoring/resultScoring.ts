import { institutionParametersStream, NotFoundError, SCORING_MODEL_STREAM, type EventStore } from '@credit/events';
import { explainRow, scoreRow, type Explanation } from '@credit/scoring';
import { CompiledModels } from './compiledModels';
import { chunkRevision, isRecordChunk, RecordChunks } from './recordChunks';

type Rescored =
  | { status: 'scored'; creditLimit: number; interestRate: number }
  | { status: 'rejected'; problems: { problem: 'missing' | 'unreadable'; variable: string; reason: string }[] };

type RecordRef = { batchId: number; chunk: number; chunkRow: number };

/**
 * Scoring on demand for the query side: a stored result's explanation (recomputed from its record,
 * read back from the log, and the model version that produced it, so it is the same every time)
 * and the re-scoring of a batch under today's model and parameters for `compare`.
 */
export function resultScoring(store: EventStore) {
  const models = new CompiledModels(store, 16);

  const recordChunks = new RecordChunks(store);
  const chunkRows = (batchId: number, chunk: number) => recordChunks.rows(batchId, chunk);

  async function recordOf(ref: RecordRef): Promise<string[]> {
    const row = (await chunkRows(ref.batchId, ref.chunk))[ref.chunkRow];
    if (!row) throw new NotFoundError('The client record behind this result is not in the log');
    return row;
  }

  /**
   * The version of today's model and parameters for an institution: the position of the latest event
   * of the model or of its parameters. Every position from there to the head scores the same, so
   * calls made between two changes share one compiled model (and whatever a caller keeps by version).
   */
  async function currentModelVersion(institutionId: number): Promise<number> {
    return (await modelVersionAt(institutionId)).version;
  }

  /**
   * The version in force at position `atMost` (default: the head): the latest event of the model or
   * of the institution's parameters at or before it, and when it happened (null for none, the starter model).
   */
  async function modelVersionAt(institutionId: number, atMost = Infinity): Promise<{ version: number; since: string | null }> {
    const [model, parameters] = await Promise.all([
      store.readStream(SCORING_MODEL_STREAM),
      store.readStream(institutionParametersStream(institutionId)),
    ]);
    const lastOf = (events: typeof model) => {
      let last: (typeof model)[number] | undefined;
      for (const event of events) if (event.position <= atMost) last = event;
      return last;
    };
    // A save that kept the parameters as they stood (InstitutionParametersConfirmed) is no new version.
    const changes = parameters.filter((event) => event.type !== 'InstitutionParametersConfirmed');
    const [byModel, byParameters] = [lastOf(model), lastOf(changes)];
    const latest = (byParameters?.position ?? 0) > (byModel?.position ?? 0) ? byParameters : byModel;
    return { version: latest?.position ?? 0, since: latest?.metadata.occurredAt ?? null };
  }

  return {
    /** A run of `count` chunks of a batch's accepted records from `first`, read from the log in one go, by chunk number. */
    async batchChunks(batchId: number, first: number, count: number): Promise<Map<number, string[][]>> {
      if (count === 1) {
        const rows = await chunkRows(batchId, first);
        return new Map(rows.length > 0 ? [[first, rows]] : []);
      }
      const events = await store.readStream(`batch-${batchId}`, { fromRevision: chunkRevision(first), maxCount: count });
      const chunks = new Map<number, string[][]>();
      for (const event of events.filter(isRecordChunk)) chunks.set(event.data.chunk, event.data.rows);
      return chunks;
    },

    async explain(input: { institutionId: number; modelVersion: number; headers: string[] } & RecordRef): Promise<Explanation> {
      const [{ compiled, columns }, cells] = await Promise.all([
        models.get(input.modelVersion, input.institutionId, input.headers),
        recordOf(input),
      ]);
      return explainRow(compiled, columns, cells);
    },

    async maskedColumns(input: { institutionId: number; modelVersion: number; headers: string[] }): Promise<Set<number>> {
      const { compiled, columns } = await models.get(input.modelVersion, input.institutionId, input.headers);
      const masked = new Set<number>();
      compiled.variables.forEach((variable, index) => {
        if (variable.variable.mask && columns.cellIndexes[index] >= 0) masked.add(columns.cellIndexes[index]);
      });
      return masked;
    },

    currentModelVersion,
    modelVersionAt,

    /** Scores rows under the model and parameters as of `asOf` (default: today's, `currentModelVersion`), which it answers with. */
    async rescore(input: {
      institutionId: number;
      headers: string[];
      rows: string[][];
      asOf?: number;
    }): Promise<{ modelVersion: number; results: Rescored[] }> {
      const asOf = input.asOf ?? (await currentModelVersion(input.institutionId));
      const { compiled, columns } = await models.get(asOf, input.institutionId, input.headers);
      const results = input.rows.map((row) => {
        const result = scoreRow(compiled, columns, row);
        return result.status === 'scored'
          ? { status: 'scored' as const, creditLimit: result.creditLimit, interestRate: result.interestRate }
          : {
              status: 'rejected' as const,
              problems: result.errors.map(({ problem, variable, reason }) => ({ problem, variable, reason })),
            };
      });
      return { modelVersion: asOf, results };
    },
  };
}
