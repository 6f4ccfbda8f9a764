import knexFactory from 'knex';
import { domainCatalogue, PostgresEventStore } from '@credit/events';
import { allProjections } from '@credit/projectors';
import { migrateAll } from '../../src/platform/platform';
import { createTestDatabase } from './testDatabase';

/**
 * A database holding the migrations the platform runs at start, and nothing else: each test platform
 * starts on a copy of it (`CREATE DATABASE … TEMPLATE`) instead of migrating an empty database, about
 * ninety times a run. The migrations that make roles named after their database (the analytics
 * schema's) are left out: each copy runs them at its start, under its own name, as a new database
 * does, so issuing database access on a copy grants its own roles. Nothing connects to the template
 * once made, as PostgreSQL requires.
 */
export async function createMigratedTemplate(): Promise<string> {
  const database = await createTestDatabase();
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  const store = new PostgresEventStore({ connectionString: database.url, catalogue: domainCatalogue() });
  try {
    await migrateAll(knex, allProjections(store), (migration) => !migration.namedAfterDatabase);
  } finally {
    await store.close();
    await knex.destroy();
  }
  return database.name;
}
