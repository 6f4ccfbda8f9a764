import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import knexFactory, { type Knex } from 'knex';
import {
  acknowledgedWritesMigrations,
  DEFAULT_SETTINGS,
  domainCatalogue,
  eventStoreMigrations,
  PostgresChainedLog,
  PostgresEventStore,
  recordingAcknowledgedWrites,
  type EventCatalogue,
  type EventStore,
  type Migration,
  type SystemSettings,
} from '@credit/events';
import {
  allProjections,
  batchReplays,
  loadInstitutionParametersAsOf,
  loadModelAsOf,
  ProjectionRunner,
  projectorMigrations,
  resultScoring,
  timeTravel,
  type Projection,
} from '@credit/projectors';
import {
  authenticate,
  commandMigrations,
  createCommandRouter,
  EmailReservations,
  ensureFirstAdmin,
  ensureStarterModel,
  failInterruptedUploads,
  forgetSentMails,
  AttemptLimits,
  sessionSecret,
} from '@credit/command-api';
import { createHealthRouter, createQueryRouter } from '@credit/query-api';
import type Router from '@koa/router';
import type * as kurrent from '@credit/events/src/kurrentdb/kurrentEventStore';
import { createApp } from '../http/app';
import { analyticsConnection } from './analyticsConnection';
import { chosenProjections } from './chosenProjections';
import { startMailSender } from './mailSender';
import { exportRecorder } from './exportRecorder';
import type { Config } from './config';
import { openDatabase, type Database } from './database';
import type { AppLogger } from './logger';
import { runMigrations } from './migrate';
import { withStartupLock } from './startupLock';
import { failUploadsInterruptedBeforeStart } from './startupRecovery';

const PLATFORM_VERSION: string = require('../../package.json').version;

/** The query API's connections to PostgreSQL (README, "Bounded reads"). */
const READ_CONNECTIONS = 16;
const READ_CONNECTIONS_KEPT = 2;
/**
 * How many requests one institution (or account, or the anonymous callers) runs at once in the query
 * API; the rest wait their turn in the platform (README, "Bounded reads"). Three per core: more only
 * crowd the cores, and an upload being scored gets less of them. On this 2-core machine, 20 readers
 * of one institution at 1 000 000 results while another institution uploaded 100 000 records
 * (alternated, 2026-11-30): with 10 running the upload took 24.3–26.6 s and the readers did
 * 96–109 reads/s; with 6, 22.7–24.2 s and 98–118 reads/s; at rest 4 did as well as 10. At most
 * six fewer than the connections: a caller's heavy requests (compares and exports, batch replays:
 * 2 of each running, heavyRequests) run beside these places, and one institution leaves two
 * connections to the rest.
 */
export const READ_SHARE = Math.min(READ_CONNECTIONS - 6, Math.max(6, 3 * availableParallelism()));
/**
 * The same while uploaded records wait to be scored (query-api's readShare): an upload is
 * scored by one PostgreSQL process and the platform's thread, and each running read is one more
 * process taking turns on the same cores. 20 readers of one institution at 300 000 results while
 * another uploaded 100 000 records back to back (`bench:load`, alternated twice, 2026-12-01): with 6
 * running the uploads took 8.3–9.6 s (1.5–1.9× alone), with 2 6.8–7.9 s (1.2–1.4×), the readers doing
 * 171–193 reads/s at p95 230–255 ms against 192–212 at 204–217 ms; with 1, p95 reached 345 ms;
 * with 3, 7.5–9.2 s.
 */
export const READ_SHARE_WHILE_SCORING = 2;

export type Platform = {
  url: string;
  databaseUrl: string;
  knex: Knex;
  /** The query API's connections, each statement bounded (README, "Bounded reads"). */
  readKnex: Knex;
  store: EventStore;
  server: Server;
  /** Whether this process started the embedded server, and who to tell if it goes away. */
  database: Pick<Database, 'owner' | 'onLost'>;
  stop: () => Promise<void>;
};

export type PlatformOptions = {
  config: Config;
  logger: AppLogger;
  projections?: Projection[];
  catalogue?: EventCatalogue;
  /** Extra routers mounted under /api after the real ones (tests use this). */
  extraRouters?: Router[];
  /** The parts this process runs (default: all). */
  roles?: PlatformRoles;
};

type KurrentModule = typeof kurrent;

/** KurrentDB as the event store (scaled deployments); loaded only then, as its gRPC client is heavy. */
/** The configured event store: KurrentDB when KURRENTDB_URL is set, else the log in this PostgreSQL. */
export function openEventStore(config: Config, databaseUrl: string, catalogue: EventCatalogue): EventStore {
  if (!config.kurrentdbUrl) return new PostgresEventStore({ connectionString: databaseUrl, catalogue });
  const { KurrentEventStore } = require('@credit/events/src/kurrentdb/kurrentEventStore') as KurrentModule;
  return new KurrentEventStore({ connectionString: config.kurrentdbUrl, catalogue });
}

/**
 * Every package's migrations, each package keeping its own migrations table; `include` leaves some out
 * (a test template leaves out those `namedAfterDatabase`, which each copy runs itself).
 */
export async function migrateAll(
  knex: Knex,
  projections: readonly Projection[],
  include: (migration: Migration) => boolean = () => true,
): Promise<void> {
  await runMigrations(knex, 'events', eventStoreMigrations.filter(include));
  await runMigrations(knex, 'acknowledged-writes', acknowledgedWritesMigrations.filter(include));
  await runMigrations(knex, 'command-api', commandMigrations.filter(include));
  await runMigrations(knex, 'projectors', projectorMigrations(projections).filter(include));
}

/** Which parts a process runs: all three in the one-process platform, one each when split. */
export type PlatformRoles = { commands: boolean; queries: boolean; projectors: boolean };
export const ALL_ROLES: PlatformRoles = { commands: true, queries: true, projectors: true };

/**
 * The platform, or the parts of it this process runs: database, migrations and event store always;
 * the projectors and the background jobs (mail outbox, interrupted uploads, old attempts); the
 * command API (which seeds the first administrator and the starter model) and the query API (which
 * serves the web app), on one port. A projectors-only process serves `/api/health` alone.
 */
export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const { config, logger } = options;
  const roles = options.roles ?? ALL_ROLES;
  const database: Database = await openDatabase(config, (line) => logger.debug({ postgres: line }), {
    recoverOrphan: true,
    notice: (line) => logger.warn(line),
  });
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: database.url, options: platformSessionOptions() },
    pool: { min: 0, max: 10 },
  });
  // The query API reads on connections of its own whose statements are bounded (README, "Bounded reads"):
  // a read cannot pin a PostgreSQL process for minutes, nor take the connections the projectors write with.
  const readKnex = knexFactory({
    client: 'pg',
    connection: { connectionString: database.url, options: platformSessionOptions(config.readStatementTimeoutMs) },
    // Two kept open (and opened below): the first reads after a quiet spell, a health check's two queries
    // among them, do not each wait for a new PostgreSQL process on a busy machine.
    pool: { min: READ_CONNECTIONS_KEPT, max: READ_CONNECTIONS },
  });
  const catalogue = options.catalogue ?? domainCatalogue();
  // Every append, whichever part of the platform makes it, leaves its principals' acknowledged writes (README, "Read-your-writes").
  const store = recordingAcknowledgedWrites(openEventStore(config, database.url, catalogue), knex);
  // Only the PostgreSQL log is hash-chained: with KurrentDB there is nothing of ours to verify or extract.
  const chainedLog = config.kurrentdbUrl ? null : new PostgresChainedLog(database.url);
  const projections = options.projections ?? allProjections(store);
  const secret = await withStartupLock(knex, async () => {
    await migrateAll(knex, projections);
    if (roles.commands) await seedFirstStart(config, logger, knex, store);
    return sessionSecret(knex, config.jwtSecret);
  });
  await Promise.all(Array.from({ length: READ_CONNECTIONS_KEPT }, () => readKnex.raw('SELECT 1')));

  const runner = roles.projectors
    ? new ProjectionRunner({
        knex,
        store,
        connectionString: database.url,
        projections: chosenProjections(projections, config.projections),
        logger,
      })
    : null;
  await runner?.start();
  const background = roles.projectors ? startBackgroundJobs(config, logger, knex, store) : null;
  const starting = new AbortController();
  const recovering = roles.projectors
    ? failUploadsInterruptedBeforeStart({ store, knex, projections, exclusive: database.owner, logger, signal: starting.signal })
    : null;

  const tooMany = (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  // The sign-in throttle (README, "Sign-in throttling"): failures only, never a lock-out of the account.
  const signInLimits = {
    // One account from one address: after 2 failures each next try waits 0.5 s, then 1 s, 2 s; after 5, 429 for 15 minutes.
    byAccountAndAddress: {
      name: 'sign-in-account-address',
      max: 5,
      windowMs: 15 * 60_000,
      message: tooMany,
      slowAfter: 2,
      firstDelayMs: 500,
      longestDelayMs: 4_000,
    },
    // One address over every account: after 100 failures in 15 minutes, 429 for the accounts that have not signed in from it.
    byAddress: { name: 'sign-in-ip', max: 100, windowMs: 15 * 60_000, message: tooMany },
    // One account from every address: at 10 failures in 24 hours its owner is told by mail (once in 24 hours).
    byAccount: { name: 'sign-in-account', alertAfter: 10, windowMs: 24 * 60 * 60_000 },
  };
  const queryDeps = {
    knex: readKnex,
    readShare: { running: READ_SHARE, whileScoring: READ_SHARE_WHILE_SCORING, waiting: 200 },
    logHead: () => store.head(),
    lastPositionOf: (types: readonly string[], atMost?: number) => store.lastPositionOf(types, atMost),
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    projectionEventTypes: new Map(projections.map((projection) => [projection.name, projection.eventTypes])),
    scoring: resultScoring(store),
    compliance: { ...timeTravel(store), replay: batchReplays(store).replay },
    recordExport: exportRecorder(store),
    version: PLATFORM_VERSION,
    secret: () => secret,
    chainedLog,
    analyticsConnection: analyticsConnection(config, database.url),
  };

  const app = createApp({
    logger,
    jsonBodyLimit: config.jsonBodyLimit,
    authenticate: authenticate({ store, secret: () => secret }),
    apiRouters: [
      ...(roles.commands
        ? [
            createCommandRouter({
              store,
              knex,
              secret: () => secret,
              reservations: new EmailReservations(knex),
              signInLimits,
              resetCodeTtlSeconds: config.resetCodeTtlSeconds,
              requestLimits: {
                registrationsPerHour: config.registrationLimitPerHour,
                resetRequestsPer15Min: config.resetRequestLimitPer15Min,
              },
              models: {
                modelAt: (position) => loadModelAsOf(store, position),
                parametersAt: (institutionId, position) => loadInstitutionParametersAsOf(store, institutionId, position),
              },
              chainedLog,
              analyticsConnection: queryDeps.analyticsConnection,
            }),
          ]
        : []),
      roles.queries ? createQueryRouter(queryDeps) : createHealthRouter(queryDeps),
      ...(options.extraRouters ?? []),
    ],
    webRoot: roles.queries ? undefined : null,
  });
  const server = createServer(app.callback());
  // Idle keep-alive connections outlive the clients' own idle timeouts (undici's is 4 s, proxies' 60 s):
  // a server closing first races a request already sent on that socket, which then fails with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      starting.abort();
      await recovering;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      await runner?.stop();
      await background?.stop();
      await store.close();
      await chainedLog?.close();
      await readKnex.destroy();
      await knex.destroy();
      await database.stop();
    })());

  return { url: `http://localhost:${port}`, databaseUrl: database.url, knex, readKnex, store, server, database, stop };
}

/** At first start: the first administrator (a generated password is printed once) and the starter model. */
async function seedFirstStart(config: Config, logger: AppLogger, knex: Knex, store: EventStore): Promise<void> {
  const firstAdmin = await ensureFirstAdmin(store, knex, { email: config.adminEmail, password: config.adminPassword });
  if (firstAdmin.created) {
    logger.info({ email: firstAdmin.email }, 'first administrator created');
    if (firstAdmin.generatedPassword) {
      // Printed once, on the console only: never to the structured log.
      process.stdout.write(
        `\nFirst administrator: ${firstAdmin.email}\nGenerated password (shown once): ${firstAdmin.generatedPassword}\n\n`,
      );
    }
  }
  if ((await ensureStarterModel(store)).seeded) logger.info('starter scoring model seeded');
}

/** The data retention days an administrator set (the defaults until then) applied to the outbox's sent mails. */
async function applyRetention(knex: Knex): Promise<void> {
  const row = await knex('system_settings').where({ id: 1 }).first('settings');
  const days = (row?.settings as SystemSettings | undefined)?.dataRetentionDays ?? DEFAULT_SETTINGS.dataRetentionDays;
  await forgetSentMails(knex, days);
}

/** The outbox's mails, batches left open by a dead upload, old rate-limited attempts and the retention policy: safe to run in several processes. */
function startBackgroundJobs(config: Config, logger: AppLogger, knex: Knex, store: EventStore) {
  const mailSender = startMailSender({ knex, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const attemptLimits = new AttemptLimits(knex);
  const uploadsWatch = setInterval(() => {
    failInterruptedUploads(store, knex).then(
      (failed) => failed.length > 0 && logger.warn({ batches: failed }, 'failed interrupted uploads'),
      (error) => logger.error({ err: error }, 'could not check for interrupted uploads'),
    );
    attemptLimits.sweep().catch((error) => logger.error({ err: error }, 'could not forget old rate-limited attempts'));
    applyRetention(knex).catch((error) => logger.error({ err: error }, 'could not apply the data retention policy'));
  }, 60_000);
  uploadsWatch.unref();
  return {
    stop: async () => {
      clearInterval(uploadsWatch);
      await mailSender.stop();
    },
  };
}

/**
 * The platform's own sessions run each query in one process: on the two cores the platform is sized
 * for, parallel workers only add CPU to a query that twenty readers and an upload are already sharing
 * (`LOAD_RESULTS=300000 npm run bench:load`, 2026-11-29: at rest 38.6 -> 60.2 reads/s and p95 1.0 -> 0.7 s,
 * during another institution's uploads 24.7 -> 30.8 reads/s). Anything set in PGOPTIONS is kept.
 * `statementTimeoutMs` (the query API's connections) bounds each statement; 0 or none leaves them unbounded.
 */
export function platformSessionOptions(statementTimeoutMs = 0): string {
  const bound = statementTimeoutMs > 0 ? `-c statement_timeout=${statementTimeoutMs}` : '';
  return [process.env.PGOPTIONS ?? '', '-c max_parallel_workers_per_gather=0', bound].join(' ').trim();
}
