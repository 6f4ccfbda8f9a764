import knexFactory, { type Knex } from 'knex';
import { createTestDatabase } from '../../test/support/testDatabase';
import { prepared } from './preparedStatements';

describe('prepared statements', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let knex: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection, so the statements this test prepares are all in the session it inspects.
    knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 1, max: 1 } });
    await knex.raw('CREATE TABLE accounts (id int PRIMARY KEY, name text NOT NULL)');
    await knex('accounts').insert([1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id, name: `account ${id}` })));
  });
  afterAll(async () => {
    await knex.destroy();
    await database.drop();
  });

  const sessionStatements = async () =>
    (
      await knex.raw<{ rows: { name: string; statement: string; generic_plans: string }[] }>(
        "SELECT name, statement, generic_plans FROM pg_prepared_statements WHERE name LIKE 'p\\_%' ORDER BY statement",
      )
    ).rows;

  it('runs a lookup as one named statement per text, each call with its own values, planned once after five runs', async () => {
    const names: string[] = [];
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const row = await prepared(knex('accounts').where('id', id).first('name'));
      names.push(row.name);
    }
    expect(names).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((id) => `account ${id}`));

    const [byId] = await sessionStatements();
    expect(byId.statement).toBe('select "name" from "accounts" where "id" = $1 limit $2');
    // PostgreSQL plans the first five runs with their values, then reuses one plan: no planning per call.
    expect(Number(byId.generic_plans)).toBeGreaterThan(0);
  });

  it('names another text differently (builders and raw SQL alike), so two statements never share a name', async () => {
    const { rows } = await prepared(knex.raw('SELECT name FROM accounts WHERE id = ANY(?::int[]) ORDER BY id', [[2, 3]]));
    expect(rows.map((row: { name: string }) => row.name)).toEqual(['account 2', 'account 3']);
    await prepared(knex('accounts').where('name', 'account 4').select('id'));

    const statements = await sessionStatements();
    expect(statements).toHaveLength(3);
    expect(new Set(statements.map((statement) => statement.name)).size).toBe(3);
  });
});
