import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from '@credit/events';
import { ANALYTICS_SCHEMA, ANALYTICS_VIEWS_V1, ANALYTICS_VERSION_1, type AnalyticsView } from './analyticsV1';

/**
 * The `analytics` schema and who may read it (README, "The analytics schema").
 *
 * Row-level security, as PostgreSQL documents it: policies on the projected tables, applied to the
 * role that reads them. Analysts never read the tables: they read views, and a view reads its tables
 * with its owner's privileges and under its owner's policies. So the views belong to a role of their
 * own, the *view owner* (NOLOGIN, neither superuser nor table owner, so row-level security applies to
 * it), which alone is granted SELECT on the tables behind the views; each table's policy lets it see
 * the rows of the institution mapped to `current_user`, which inside a view is still the analyst's
 * own role. The platform's role owns the tables, so it bypasses their policies (no FORCE ROW LEVEL
 * SECURITY) and reads and writes as before. An access's scope lives in `analytics_access_scopes`
 * (role → institution, or null for platform-wide), written by the command side in the transaction
 * that creates the role, never truncated by a projection rebuild.
 *
 * Roles are cluster-wide in PostgreSQL, so the two group roles are named after the database
 * (`<database>_analytics_owner`, `<database>_analytics_reader`): two databases on one server
 * never share them, nor each other's grants.
 */
export const ANALYTICS_ACCESS_SCOPES = 'analytics_access_scopes';

/** The projected tables that hold institution rows, each with the expression naming the row's institution. */
const SCOPED_TABLES: readonly { table: string; institution: string }[] = [
  { table: 'institutions', institution: 'id' },
  { table: 'clients', institution: 'institution_id' },
  { table: 'results', institution: 'institution_id' },
  { table: 'batches', institution: 'institution_id' },
  { table: 'batch_errors', institution: '(SELECT b.institution_id FROM public.batches b WHERE b.id = batch_id)' },
  { table: 'institution_parameter_values', institution: 'institution_id' },
  { table: 'institution_parameter_history', institution: 'institution_id' },
];

/** Tables the same for every institution: readable by the view owner without a policy. */
const SHARED_TABLES = ['model_categories', 'model_variables', 'model_parameter_templates'];

export type AnalyticsRoles = { owner: string; reader: string; prefix: string };

/**
 * The group roles of this database: `<database>_analytics_owner` and `<database>_analytics_reader`.
 * Roles are shared by every database of a server, so the prefix is the database's name when that is
 * already a plain lower-case identifier of at most 30 characters, and otherwise (shortened, case or
 * characters changed) its first 23 characters and 6 hex digits of the name's SHA-256: two databases
 * never share a prefix because their names look alike.
 */
export function analyticsRolesOf(database: string): AnalyticsRoles {
  const plain = database
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/^[^a-z]/, 'd');
  const prefix =
    plain === database && plain.length <= 30
      ? plain
      : `${plain.slice(0, 23) || 'db'}_${createHash('sha256').update(database).digest('hex').slice(0, 6)}`;
  return { owner: `${prefix}_analytics_owner`, reader: `${prefix}_analytics_reader`, prefix };
}

export async function analyticsRoles(knex: Knex | Knex.Transaction): Promise<AnalyticsRoles> {
  const { rows } = await knex.raw<{ rows: { database: string }[] }>('SELECT current_database() AS database');
  return analyticsRolesOf(rows[0].database);
}

/** The rows an access may read: its institution's, or every one for a platform-wide access (institution null). */
const scopeCheck = (institution: string) => `(
  ${institution} IN (SELECT s.institution_id FROM public.${ANALYTICS_ACCESS_SCOPES} s WHERE s.role_name = current_user::text)
  OR EXISTS (SELECT 1 FROM public.${ANALYTICS_ACCESS_SCOPES} s WHERE s.role_name = current_user::text AND s.institution_id IS NULL)
)`;

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function createView(knex: Knex, view: AnalyticsView, roles: AnalyticsRoles): Promise<void> {
  const name = `${ANALYTICS_SCHEMA}.${ident(view.name)}`;
  await knex.raw(`CREATE VIEW ${name} AS ${view.select}`);
  await knex.raw(`ALTER VIEW ${name} OWNER TO ${ident(roles.owner)}`);
  await knex.raw(`GRANT SELECT ON ${name} TO ${ident(roles.reader)}`);
  await knex.raw(`COMMENT ON VIEW ${name} IS ${quoted(view.comment)}`);
  for (const [column, comment] of view.columns) await knex.raw(`COMMENT ON COLUMN ${name}.${ident(column)} IS ${quoted(comment)}`);
}

export const analyticsMigrations: Migration[] = [
  {
    // After every table the views read exists (the projectors' migrations run in name order).
    name: '20261202000000_create_analytics_schema_v1',
    namedAfterDatabase: true,
    async up(knex) {
      const roles = await analyticsRoles(knex);
      for (const role of [roles.owner, roles.reader]) {
        await knex.raw(`
          DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${quoted(role)}) THEN
              CREATE ROLE ${ident(role)} NOLOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
            END IF;
          END $$`);
      }
      // The platform's role gives the views to the view owner, so it must be able to act as it.
      await knex.raw(`GRANT ${ident(roles.owner)} TO current_user`);
      await knex.raw(`
        CREATE TABLE ${ANALYTICS_ACCESS_SCOPES} (
          role_name      text PRIMARY KEY,
          institution_id integer,
          created_at     timestamptz NOT NULL DEFAULT now()
        );
        CREATE SCHEMA ${ANALYTICS_SCHEMA};
        REVOKE ALL ON SCHEMA ${ANALYTICS_SCHEMA} FROM PUBLIC;
        COMMENT ON SCHEMA ${ANALYTICS_SCHEMA} IS ${quoted(
          `Read-only views over the projected read models, for analysts' own tools (psql, Excel, Power BI, notebooks). ` +
            `Version ${ANALYTICS_VERSION_1.major}.${ANALYTICS_VERSION_1.minor} (see analytics.schema_version): changes are versioned like an API.`,
        )};
      `);
      await knex.raw(`GRANT USAGE ON SCHEMA ${ANALYTICS_SCHEMA} TO ${ident(roles.reader)}, ${ident(roles.owner)}`);
      await knex.raw(`GRANT SELECT ON public.${ANALYTICS_ACCESS_SCOPES} TO ${ident(roles.owner)}`);
      for (const table of SHARED_TABLES) await knex.raw(`GRANT SELECT ON public.${table} TO ${ident(roles.owner)}`);
      for (const { table, institution } of SCOPED_TABLES) {
        await knex.raw(`GRANT SELECT ON public.${table} TO ${ident(roles.owner)}`);
        await knex.raw(`ALTER TABLE public.${table} ENABLE ROW LEVEL SECURITY`);
        await knex.raw(
          `CREATE POLICY analytics_scope ON public.${table} FOR SELECT TO ${ident(roles.owner)} USING ${scopeCheck(institution)}`,
        );
      }
      for (const view of ANALYTICS_VIEWS_V1) await createView(knex, view, roles);
    },
    async down(knex) {
      const roles = await analyticsRoles(knex);
      await knex.raw(`DROP SCHEMA IF EXISTS ${ANALYTICS_SCHEMA} CASCADE`);
      for (const { table } of SCOPED_TABLES) {
        await knex.raw(`DROP POLICY IF EXISTS analytics_scope ON public.${table}`);
        await knex.raw(`ALTER TABLE public.${table} DISABLE ROW LEVEL SECURITY`);
      }
      await knex.raw(`DROP TABLE IF EXISTS ${ANALYTICS_ACCESS_SCOPES}`);
      await knex.raw(`DROP OWNED BY ${ident(roles.owner)}, ${ident(roles.reader)}`);
    },
  },
];
