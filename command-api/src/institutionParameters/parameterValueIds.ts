import type { Knex } from 'knex';

const TABLE = 'institution_parameter_value_ids';

/**
 * The id of an institution's value for one template, the same for the pair's whole life. Reserved
 * before the append; an id whose append then fails is simply never used.
 */
export async function parameterValueId(knex: Knex, institutionId: number, parameterId: number): Promise<number> {
  const inserted = await knex(TABLE)
    .insert({ institution_id: institutionId, parameter_id: parameterId })
    .onConflict(['institution_id', 'parameter_id'])
    .ignore()
    .returning('id');
  if (inserted.length > 0) return Number(inserted[0].id);
  const row = await knex(TABLE).where({ institution_id: institutionId, parameter_id: parameterId }).first('id');
  return Number(row.id);
}

export async function parameterValueOwner(knex: Knex, valueId: number): Promise<{ institutionId: number; parameterId: number } | null> {
  const row = await knex(TABLE).where({ id: valueId }).first('institution_id', 'parameter_id');
  return row ? { institutionId: Number(row.institution_id), parameterId: Number(row.parameter_id) } : null;
}
