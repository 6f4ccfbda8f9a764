import { Client } from 'pg';

/** The tables an upload's records end up in, in the order the platform fills them. */
const TABLES = ['events', 'clients', 'client_references', 'client_search', 'results'] as const;

export type WriteFloor = {
  /** Seconds to insert each table's rows again as the platform has them: its indexes, the clients' triggers writing references and search rows. */
  asWritten: Record<'events' | 'clients' | 'results', number>;
  /** Seconds for each table alone (the clients' triggers off), every index in place. */
  alone: Record<(typeof TABLES)[number], number>;
  /** Seconds for each table with only its constraints' indexes (primary and unique keys): the rows themselves. */
  rowsOnly: Record<(typeof TABLES)[number], number>;
};

/**
 * What PostgreSQL alone spends writing an upload's rows, whatever the platform does around it: the
 * rows the upload left in the log and the read models, inserted again from copies in transactions
 * that are rolled back (so nothing changes). Each insert runs on one connection, so its time is one
 * core's work. No text is parsed (the copies are tables), so this is a floor under a `COPY`.
 */
export async function measureWriteFloor(url: string): Promise<WriteFloor> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const timed = async (sql: string) => {
    const started = performance.now();
    await client.query(sql);
    return (performance.now() - started) / 1000;
  };
  // Inside one transaction: copies of the rows, the tables emptied, then `body`; rolled back whatever happens.
  const rolledBack = async <T>(body: () => Promise<T>): Promise<T> => {
    await client.query('BEGIN');
    try {
      for (const table of TABLES) await client.query(`CREATE TEMP TABLE copy_of_${table} ON COMMIT DROP AS SELECT * FROM ${table}`);
      await client.query(`TRUNCATE ${TABLES.join(', ')}`);
      return await body();
    } finally {
      await client.query('ROLLBACK');
    }
  };
  const insertAgain = (table: string) => timed(`INSERT INTO ${table} SELECT * FROM copy_of_${table}`);
  const eachTable = async () => {
    await client.query('ALTER TABLE clients DISABLE TRIGGER USER');
    const seconds = {} as Record<(typeof TABLES)[number], number>;
    for (const table of TABLES) seconds[table] = await insertAgain(table);
    return seconds;
  };
  try {
    const asWritten = await rolledBack(async () => ({
      events: await insertAgain('events'),
      clients: await insertAgain('clients'),
      results: await insertAgain('results'),
    }));
    const alone = await rolledBack(eachTable);
    const rowsOnly = await rolledBack(async () => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT index.indexrelid::regclass::text AS name FROM pg_index index
          WHERE index.indrelid = ANY($1::regclass[])
            AND NOT EXISTS (SELECT FROM pg_constraint c WHERE c.conindid = index.indexrelid)`,
        [TABLES],
      );
      for (const { name } of rows) await client.query(`DROP INDEX ${name}`);
      return eachTable();
    });
    return { asWritten, alone, rowsOnly };
  } finally {
    await client.end();
  }
}
