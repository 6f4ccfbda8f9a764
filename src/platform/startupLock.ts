import type { Knex } from 'knex';

const STARTUP_LOCK = 4_240_001;

/**
 * Runs start-up work (migrations, the first administrator, the starter model) while holding one
 * PostgreSQL advisory lock, so processes started together do it one after the other: the second
 * finds the tables migrated and the seeds in place instead of racing the first.
 */
export async function withStartupLock<T>(knex: Knex, work: () => Promise<T>): Promise<T> {
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
