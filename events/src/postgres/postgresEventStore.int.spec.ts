import knexFactory from 'knex';
import { Client } from 'pg';
import { createTestDatabase } from '../../../test/support/testDatabase';
import { runMigrations } from '../../../src/platform/migrate';
import { contractCatalogue } from '../contract/contractEvents';
import { eventStoreContract, type ContractSubject } from '../contract/eventStoreContract';
import { eventStoreMigrations } from './migrations';
import { PostgresEventStore } from './postgresEventStore';
import { verifyChain } from './verifyChain';

const drops = new WeakMap<ContractSubject, () => Promise<void>>();

eventStoreContract(
  'postgres',
  async () => {
    const database = await createTestDatabase();
    const knex = knexFactory({ client: 'pg', connection: database.url });
    await runMigrations(knex, 'events', eventStoreMigrations);
    await knex.destroy();
    const store = new PostgresEventStore({ connectionString: database.url, catalogue: contractCatalogue(), poolSize: 12 });
    const subject: ContractSubject = {
      store,
      verify: () => verifyChain(database.url),
      tamper: async (position) => {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        await client.query(`UPDATE events SET data = '{"writer":1,"sequence":999}' WHERE position = $1`, [position]);
        await client.end();
      },
    };
    drops.set(subject, async () => {
      await store.close();
      await database.drop();
    });
    return subject;
  },
  async (subject) => drops.get(subject)?.(),
  { hashChain: true },
);
