import type { Knex } from 'knex';
import type { Migration } from '@credit/events';

export const CHECKPOINTS = 'projection_checkpoints';

export const checkpointMigrations: Migration[] = [
  {
    name: '20261122000100_create_projection_checkpoints',
    async up(knex) {
      await knex.schema.createTable(CHECKPOINTS, (table) => {
        table.text('name').primary();
        table.bigInteger('position').notNullable().defaultTo(0);
        table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists(CHECKPOINTS);
    },
  },
];

export async function ensureCheckpoint(knex: Knex, name: string): Promise<void> {
  await knex(CHECKPOINTS).insert({ name, position: 0 }).onConflict('name').ignore();
}

/** Locks the projection's checkpoint row for the rest of the transaction and returns its position. */
export async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<number> {
  const row = await trx(CHECKPOINTS).where({ name }).forUpdate().first('position');
  return row ? Number(row.position) : 0;
}

export async function saveCheckpoint(trx: Knex.Transaction, name: string, position: number): Promise<void> {
  await trx(CHECKPOINTS).where({ name }).update({ position, updated_at: trx.fn.now() });
}

/** The stored checkpoints of these projections, by name (a projection with none is absent). */
export async function readCheckpoints(knex: Knex, names: readonly string[]): Promise<Map<string, number>> {
  const rows: { name: string; position: string }[] = await knex(CHECKPOINTS)
    .whereIn('name', [...names])
    .select('name', 'position');
  return new Map(rows.map((row) => [row.name, Number(row.position)]));
}
