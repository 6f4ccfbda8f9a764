import type { EventStore } from '@credit/events';
import { compileModel, explainRow, resolveColumns, scoreRow, type Explanation } from '@credit/scoring';
import { loadInstitutionParametersAsOf, loadModelAsOf } from '../model/modelAsOf';
import { CompiledModels } from './compiledModels';

export type Rescored = { creditLimit: number; interestRate: number } | null;

/**
 * Scoring on demand for the query side: a stored result's explanation (recomputed from its record
 * and the model version that produced it, so it is the same every time) and the re-scoring of a
 * batch under today's model and parameters for `compare`.
 */
export function resultScoring(store: EventStore) {
  const models = new CompiledModels(store, 16);
  return {
    async explain(input: { institutionId: number; modelVersion: number; headers: string[]; cells: string[] }): Promise<Explanation> {
      const { compiled, columns } = await models.get(input.modelVersion, input.institutionId, input.headers);
      return explainRow(compiled, columns, input.cells);
    },

    async maskedColumns(input: { institutionId: number; modelVersion: number; headers: string[] }): Promise<Set<number>> {
      const { compiled, columns } = await models.get(input.modelVersion, input.institutionId, input.headers);
      const masked = new Set<number>();
      compiled.variables.forEach((variable, index) => {
        if (variable.variable.mask && columns.cellIndexes[index] >= 0) masked.add(columns.cellIndexes[index]);
      });
      return masked;
    },

    async rescore(input: {
      institutionId: number;
      headers: string[];
      rows: string[][];
    }): Promise<{ modelVersion: number; results: Rescored[] }> {
      const head = (await store.head()).position;
      const [model, parameters] = await Promise.all([
        loadModelAsOf(store, head),
        loadInstitutionParametersAsOf(store, input.institutionId, head),
      ]);
      const compiled = compileModel(model.snapshot, parameters);
      const columns = resolveColumns(compiled, input.headers);
      const results = input.rows.map((row) => {
        const result = scoreRow(compiled, columns, row);
        return result.status === 'scored' ? { creditLimit: result.creditLimit, interestRate: result.interestRate } : null;
      });
      return { modelVersion: head, results };
    },
  };
}

export type ResultScoring = ReturnType<typeof resultScoring>;
