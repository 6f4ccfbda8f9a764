import type { Knex } from 'knex';
import { ANALYTICS_SCHEMA, ANALYTICS_VIEWS_V1 } from '@credit/projectors/src/readModels';

export type DictionaryColumn = { name: string; type: string; comment: string | null };
export type DictionaryView = { name: string; comment: string | null; columns: DictionaryColumn[]; example: string | null };

type CatalogRow = { view: string; view_comment: string | null; column: string; type: string; column_comment: string | null };

/**
 * The `analytics` schema as PostgreSQL's catalog describes it (`pg_description` through
 * `obj_description` and `col_description`): every view, in name order, its columns in order, with
 * their types and comments. Only the example queries come from the schema's definition.
 */
export async function analyticsDictionary(knex: Knex): Promise<DictionaryView[]> {
  const { rows } = await knex.raw<{ rows: CatalogRow[] }>(
    `SELECT c.relname AS view, obj_description(c.oid, 'pg_class') AS view_comment,
            a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, col_description(c.oid, a.attnum) AS column_comment
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = ? AND c.relkind IN ('v', 'm')
      ORDER BY c.relname, a.attnum`,
    [ANALYTICS_SCHEMA],
  );
  const examples = new Map(ANALYTICS_VIEWS_V1.map((view) => [view.name, view.example]));
  const views = new Map<string, DictionaryView>();
  for (const row of rows) {
    let view = views.get(row.view);
    if (!view) {
      view = { name: row.view, comment: row.view_comment, columns: [], example: examples.get(row.view) ?? null };
      views.set(row.view, view);
    }
    view.columns.push({ name: row.column, type: row.type, comment: row.column_comment });
  }
  return [...views.values()];
}
