import type { Knex } from 'knex';
import { INSTITUTIONS, type InstitutionRow } from '@credit/projectors/src/readModels';

/**
 * An administrator's listing mixes every institution's results: each one carries its institution's
 * id and name, read for the page's institutions alone (one query by key, whatever the page's size).
 */
export async function withInstitutions<T extends { institutionId: number }>(
  knex: Knex,
  results: T[],
): Promise<(T & { institution: { id: number; name: string } })[]> {
  const ids = [...new Set(results.map((result) => result.institutionId))];
  const rows: Pick<InstitutionRow, 'id' | 'name'>[] =
    ids.length === 0 ? [] : await knex<InstitutionRow>(INSTITUTIONS).whereIn('id', ids).select('id', 'name');
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return results.map((result) => ({
    ...result,
    institution: { id: result.institutionId, name: names.get(result.institutionId) ?? '' },
  }));
}
