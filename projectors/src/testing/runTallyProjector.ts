import { PostgresEventStore } from '@credit/events';
import knexFactory from 'knex';
import { contractCatalogue } from '@credit/events/src/contract/contractEvents';
import { ProjectionRunner } from '../runtime/projectionRunner';
import { tallyProjection } from './tallyProjection';

/** A projector process for the crash test: the test kills it with SIGKILL while it works. */
const connectionString = process.env.DATABASE_URL as string;
const store = new PostgresEventStore({ connectionString, catalogue: contractCatalogue() });
const knex = knexFactory({ client: 'pg', connection: connectionString });
const runner = new ProjectionRunner({ knex, store, connectionString, projections: [tallyProjection(2)], batchSize: 100 });
runner.start().then(() => process.stdout.write('started\n'));
