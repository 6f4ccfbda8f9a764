import { spawn } from 'node:child_process';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { eventStoreMigrations, PostgresEventStore } from '@credit/events';
import { contractCatalogue, increment } from '@credit/events/src/contract/contractEvents';
import { createTestDatabase } from '../../../test/support/testDatabase';
import { runMigrations } from '../../../src/platform/migrate';
import { tallyProjection } from '../testing/tallyProjection';
import { projectorMigrations } from './migrations';
import { ProjectionRunner } from './projectionRunner';
import { resetProjection, waitForCheckpoints } from './rebuild';

const EVENTS = 3000;

// A child process started, killed and replaced: on a loaded CI machine this takes far longer than the default minute.
jest.setTimeout(180_000);

describe('Projection runtime', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let knex: Knex;
  let store: PostgresEventStore;
  let head: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 8 } });
    await runMigrations(knex, 'events', eventStoreMigrations);
    await runMigrations(knex, 'projectors', projectorMigrations([tallyProjection()]));
    store = new PostgresEventStore({ connectionString: database.url, catalogue: contractCatalogue() });
    for (let chunk = 0; chunk < EVENTS / 100; chunk++) {
      const writer = chunk % 5;
      await store.append(
        `writer-${writer}`,
        Array.from({ length: 100 }, (_, i) => increment(writer, chunk * 100 + i)),
      );
    }
    head = (await store.head()).position;
  });

  afterAll(async () => {
    await store.close();
    await knex.destroy();
    await database.drop();
  });

  const checkpoint = async () => Number((await knex('projection_checkpoints').where({ name: 'tally' }).first('position'))?.position ?? 0);
  const rows = async () => ({
    events: await knex('tally_events').orderBy('position').select(),
    totals: await knex('tally_totals').orderBy('writer').select(),
  });
  const runFully = async (...runners: ProjectionRunner[]) => {
    for (const runner of runners) await runner.start();
    await waitForCheckpoints(knex, ['tally'], head, 60_000);
    for (const runner of runners) await runner.stop();
  };
  const newRunner = () =>
    new ProjectionRunner({
      knex,
      store,
      connectionString: database.url,
      projections: [tallyProjection()],
      batchSize: 200,
      standbyRetryMs: 100,
    });

  describe('When the projector process is killed with SIGKILL in the middle of its work', () => {
    it('should lose and double nothing once another instance carries on', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../testing/runTallyProjector.ts')], {
        env: { ...process.env, DATABASE_URL: database.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const deadline = Date.now() + 60_000;
      while ((await checkpoint()) < 300 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // Hold the projector's next write on a lock, and kill it once it waits there: it cannot have
      // finished the log first, however slow this machine is to get round to the kill.
      const holder = await knex.transaction();
      let victim: number | undefined;
      try {
        await holder.raw('LOCK TABLE tally_events IN SHARE MODE');
        const holderPid = (await holder.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid;
        while (victim === undefined && Date.now() < deadline) {
          const blocked = await knex.raw('SELECT pid FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))', [holderPid]);
          victim = blocked.rows[0]?.pid;
          if (victim === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(victim).toBeDefined();
        child.kill('SIGKILL');
        await exited;
      } finally {
        await holder.commit();
      }
      // Its half-applied page is rolled back once PostgreSQL sees the connection gone.
      while ((await knex.raw('SELECT 1 FROM pg_stat_activity WHERE pid = ?', [victim!])).rows.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const atCrash = await checkpoint();
      expect(atCrash).toBeGreaterThanOrEqual(300);
      expect(atCrash).toBeLessThan(head);
      const afterCrash = await rows();
      expect(afterCrash.events).toHaveLength(atCrash);
      expect(afterCrash.totals.reduce((sum: number, total: { events: number }) => sum + total.events, 0)).toBe(atCrash);

      await runFully(newRunner());
      const finished = await rows();
      expect(finished.events).toHaveLength(EVENTS);
      expect(new Set(finished.events.map((row: { position: string }) => row.position)).size).toBe(EVENTS);
      expect(finished.totals.map((total: { events: number }) => total.events)).toEqual([600, 600, 600, 600, 600]);
    });
  });

  describe('When two instances run the same projection', () => {
    it('should let only one of them apply events', async () => {
      await resetProjection(knex, tallyProjection());
      // Which runner applied each event, written in the page's own transaction: a page rolled back counts for no one.
      await knex.raw('CREATE TABLE IF NOT EXISTS tally_applied (runner text NOT NULL, position bigint NOT NULL)');
      await knex.raw('TRUNCATE tally_applied');
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let reachedGate = () => {};
      const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
      const recording = (runner: string): ProjectionRunner => {
        const tally = tallyProjection();
        return new ProjectionRunner({
          knex,
          store,
          connectionString: database.url,
          projections: [
            {
              ...tally,
              async handle(events, trx) {
                // The first page waits, inside its transaction and holding the projection, until the other runner has started.
                reachedGate();
                await gate;
                await tally.handle(events, trx);
                await trx('tally_applied').insert(events.map((event) => ({ runner, position: event.position })));
              },
            },
          ],
          batchSize: 200,
          standbyRetryMs: 100,
        });
      };
      const first = recording('first');
      const second = recording('second');
      try {
        await first.start();
        await atGate;
        // The first runner is mid-page: the second finds the projection taken and stands by, retrying every 100 ms.
        await second.start();
        openGate();
        await waitForCheckpoints(knex, ['tally'], head, 60_000);
      } finally {
        openGate();
        await first.stop();
        await second.stop();
      }
      const applied = await knex('tally_applied').groupBy('runner').select('runner', knex.raw('count(*)::int AS events'));
      expect(applied).toEqual([{ runner: 'first', events: EVENTS }]);
      const twice = await knex('tally_applied').groupBy('position').havingRaw('count(*) > 1').select('position');
      expect(twice).toEqual([]);
      const { events, totals } = await rows();
      expect(events).toHaveLength(EVENTS);
      expect(new Set(events.map((row: { position: string }) => row.position)).size).toBe(EVENTS);
      expect(totals.map((total: { events: number }) => total.events)).toEqual([600, 600, 600, 600, 600]);
      expect(await checkpoint()).toBe(head);
    });
  });

  describe('When a projection is rebuilt', () => {
    it('should produce exactly the same rows', async () => {
      await runFully(newRunner());
      const before = await rows();
      const runner = newRunner();
      await runner.start();
      await waitForCheckpoints(knex, ['tally'], head, 60_000);
      await resetProjection(knex, tallyProjection());
      expect(await checkpoint()).toBeLessThan(head);
      await waitForCheckpoints(knex, ['tally'], head, 60_000);
      await runner.stop();
      const after = await rows();
      expect(after).toEqual(before);
      expect(after.events).toHaveLength(EVENTS);
    });
  });

  describe('When a projection has work to do after its pages have committed', () => {
    it('should run it after the commit, beside the next pages, given every page committed since, and carry on when it fails', async () => {
      await resetProjection(knex, tallyProjection());
      // What each run was given, and what another connection saw of its last event: its row, and the checkpoint past it.
      const runs: { positions: number[]; lastEventStored: boolean; checkpointPast: boolean }[] = [];
      const projection = {
        ...tallyProjection(),
        afterCommit: {
          types: tallyProjection().eventTypes,
          run: async (events: readonly { position: number }[], outside: Knex) => {
            const last = events[events.length - 1].position;
            const stored = await outside('tally_events').where({ position: last }).first('position');
            const reached = Number((await outside('projection_checkpoints').where({ name: 'tally' }).first('position')).position);
            runs.push({
              positions: events.map((event) => event.position),
              lastEventStored: stored !== undefined,
              checkpointPast: reached >= last,
            });
            // The first run holds on until the projection has reached the head: it could not, were the pages waiting for it.
            if (runs.length === 1) await waitForCheckpoints(outside, ['tally'], head, 60_000);
            if (runs.length % 2 === 1) throw new Error('the work after these pages failed');
          },
        },
      };
      const runner = new ProjectionRunner({ knex, store, connectionString: database.url, projections: [projection], batchSize: 200 });
      await runner.start();
      await waitForCheckpoints(knex, ['tally'], head, 60_000);
      const deadline = Date.now() + 30_000;
      while (runs.flatMap((run) => run.positions).length < EVENTS && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await runner.stop();
      // Every event once, in log order, though the pages committed while the first run held on were given together.
      const positions = runs.flatMap((run) => run.positions);
      expect(positions).toHaveLength(EVENTS);
      expect(positions).toEqual([...positions].sort((left, right) => left - right));
      expect(runs[0].positions).toHaveLength(200);
      expect(runs.length).toBeGreaterThanOrEqual(2);
      expect(runs.length).toBeLessThan(EVENTS / 200);
      expect(runs.every((run) => run.lastEventStored && run.checkpointPast)).toBe(true);
      expect((await rows()).events).toHaveLength(EVENTS);
    });

    it('should wait at shutdown for the run under way, and begin no other', async () => {
      await resetProjection(knex, tallyProjection());
      const runs: { began: number; ended?: number }[] = [];
      const projection = {
        ...tallyProjection(),
        afterCommit: {
          types: tallyProjection().eventTypes,
          run: async () => {
            const run: { began: number; ended?: number } = { began: Date.now() };
            runs.push(run);
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            run.ended = Date.now();
          },
        },
      };
      const runner = new ProjectionRunner({ knex, store, connectionString: database.url, projections: [projection], batchSize: 200 });
      await runner.start();
      const deadline = Date.now() + 30_000;
      while (runs.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await runner.stop();
      const stoppedAt = Date.now();
      expect(runs).toHaveLength(1);
      expect(runs[0].ended).toBeLessThanOrEqual(stoppedAt);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(runs).toHaveLength(1);
    });
  });

  describe('When a reset happens without its notification reaching the runner', () => {
    it('should still notice it and replay', async () => {
      const runner = newRunner();
      await runner.start();
      await waitForCheckpoints(knex, ['tally'], head, 60_000);
      const before = await rows();
      await knex.transaction(async (trx) => {
        await trx.raw('TRUNCATE tally_events, tally_totals');
        await trx('projection_checkpoints').where({ name: 'tally' }).update({ position: 0 });
      });
      await waitForCheckpoints(knex, ['tally'], head, 30_000);
      await runner.stop();
      expect(await rows()).toEqual(before);
    });
  });
});
