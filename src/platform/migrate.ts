import type { Knex } from 'knex';
import type { Migration } from '@credit/events';

/** Runs one package's migrations, each package keeping its own migrations table. */
export async function runMigrations(knex: Knex, packageName: string, migrations: readonly Migration[]): Promise<void> {
  await knex.migrate.latest({
    tableName: `knex_migrations_${packageName.replace(/-/g, '_')}`,
    migrationSource: {
      getMigrations: async () => [...migrations],
      getMigrationName: (migration: Migration) => migration.name,
      getMigration: async (migration: Migration) => migration,
    },
  });
}
