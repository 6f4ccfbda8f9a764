import { Client } from 'pg';
import type { Knex } from 'knex';
import type { EventStore, LogPage, Subscription } from '@credit/events';
import { AfterCommits } from './afterCommits';
import { ensureCheckpoint, lockCheckpoint, readCheckpoints, saveCheckpoint } from './checkpoints';
import type { Logger } from './logger';
import { silentLogger } from './logger';
import type { Projection } from './projection';
import { failsOnData, recordFailure } from './projectionFailures';

export type ProjectionRunnerOptions = {
  knex: Knex;
  store: EventStore;
  connectionString: string;
  projections: readonly Projection[];
  batchSize?: number;
  logger?: Logger;
  /** How often a standby instance retries for the projection's lock. */
  standbyRetryMs?: number;
  /** How often the checkpoints are compared with what this runner holds, to notice a missed reset. */
  resetCheckMs?: number;
};

/** Thrown inside a page's transaction when the stored checkpoint is not where this runner left it (a rebuild reset it). */
class CheckpointMovedError extends Error {}

const LOCK_NAMESPACE = 4_240_017;
export const RESET_CHANNEL = 'projection_reset';

/**
 * Runs each projection as the single active instance (a session advisory lock elects it), reading
 * pages of its event types and applying each page and its checkpoint in one transaction, so a
 * crash at any point loses and doubles nothing.
 */
export class ProjectionRunner {
  private readonly running = new Map<
    string,
    { lock: Client; subscription: Subscription; position: () => number; projection: Projection }
  >();
  private resetWatch: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Claims and follows under way; stop waits for them so none takes a lock after it. */
  private readonly pending = new Set<Promise<unknown>>();
  /** Each projection's work after its committed pages, kept across its restarts. */
  private readonly afterCommits = new Map<string, AfterCommits>();

  constructor(private readonly options: ProjectionRunnerOptions) {}

  async start(): Promise<void> {
    // Side by side: each claim opens a connection of its own and waits on it (the 25 projections were
    // claimed in 150–260 ms one after another, 100–110 ms together, at every platform start).
    await Promise.all(
      this.options.projections.map(async (projection) => {
        await ensureCheckpoint(this.options.knex, projection.name);
        await this.claim(projection);
      }),
    );
    // A reset's notification can arrive before a projection is following (or be lost with its
    // connection); an idle projection would then never notice. A stored checkpoint below the one
    // this runner holds can only come from a reset.
    this.resetWatch = setInterval(() => void this.noticeResets(), this.options.resetCheckMs ?? 1000);
    this.resetWatch.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.resetWatch) clearInterval(this.resetWatch);
    for (const timer of this.timers) clearTimeout(timer);
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    await Promise.all([...this.afterCommits.values()].map((work) => work.stop()));
    await Promise.all(
      [...this.running.values()].map(async ({ lock, subscription }) => {
        await subscription.stop();
        await lock.end().catch(() => undefined);
      }),
    );
    this.running.clear();
  }

  private get logger(): Logger {
    return this.options.logger ?? silentLogger;
  }

  private async claim(projection: Projection): Promise<void> {
    if (this.stopped) return;
    const lock = new Client({ connectionString: this.options.connectionString });
    lock.on('error', () => undefined);
    try {
      await lock.connect();
      const result = await lock.query<{ acquired: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS acquired', [
        LOCK_NAMESPACE,
        projection.name,
      ]);
      if (!result.rows[0].acquired) {
        await lock.end();
        this.retryLater(projection);
        return;
      }
    } catch (error) {
      await lock.end().catch(() => undefined);
      this.logger.error({ projection: projection.name, err: error }, 'projection could not take its lock');
      this.retryLater(projection);
      return;
    }
    lock.on('end', () => this.release(projection, lock));
    // A rebuild resets the checkpoint and notifies; an idle runner would otherwise not notice.
    lock.on('notification', (message) => {
      if (message.payload === projection.name) this.track(this.restart(projection, lock));
    });
    await lock.query(`LISTEN ${RESET_CHANNEL}`).catch(() => undefined);
    if (this.stopped) {
      await lock.end();
      return;
    }
    this.follow(projection, lock);
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
  }

  private follow(projection: Projection, lock: Client): void {
    const start = async () => {
      const position = (await readCheckpoints(this.options.knex, [projection.name])).get(projection.name) ?? 0;
      let expected = position;
      const subscription = this.options.store.subscribe(
        {
          after: position,
          types: projection.eventTypes,
          batchSize: projection.batchSize ?? this.options.batchSize ?? 500,
          onError: (error) => {
            if (error instanceof CheckpointMovedError) {
              this.track(this.restart(projection, lock));
              return;
            }
            this.logger.error({ projection: projection.name, err: error }, 'projection failed to apply a page; retrying');
          },
        },
        async (page) => {
          await this.apply(projection, page, expected);
          expected = page.scannedUpTo;
        },
      );
      this.running.set(projection.name, { lock, subscription, position: () => expected, projection });
    };
    this.track(
      start().catch((error) => {
        this.logger.error({ projection: projection.name, err: error }, 'projection could not start');
        void lock.end().catch(() => undefined);
      }),
    );
  }

  private async noticeResets(): Promise<void> {
    if (this.stopped || this.running.size === 0) return;
    // Positions are read before the checkpoints: a page committed in between then shows as ahead, not as a reset.
    const held = new Map([...this.running].map(([name, current]) => [name, current.position()]));
    try {
      const stored = await readCheckpoints(this.options.knex, [...this.running.keys()]);
      for (const [name, storedPosition] of stored) {
        const current = this.running.get(name);
        const position = held.get(name);
        if (current && position !== undefined && storedPosition < position) this.track(this.restart(current.projection, current.lock));
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'could not check projection checkpoints');
    }
  }

  /**
   * Applies a page; when it fails on what an event holds, applies it again event by event, each in
   * a savepoint, recording the events that fail (in the same transaction as the checkpoint) and
   * going on, so no event can halt a projection.
   */
  private async apply(projection: Projection, page: LogPage, expected: number): Promise<void> {
    try {
      await this.applyPage(projection, page, expected, false);
    } catch (error) {
      if (error instanceof CheckpointMovedError || page.events.length === 0 || !failsOnData(error)) throw error;
      this.logger.warn({ projection: projection.name, err: error }, 'a page failed on its data; applying its events one by one');
      await this.applyPage(projection, page, expected, true);
    }
    this.afterCommitsOf(projection)?.committed(page.events);
  }

  private afterCommitsOf(projection: Projection): AfterCommits | undefined {
    const work = projection.afterCommit;
    if (!work) return undefined;
    let queue = this.afterCommits.get(projection.name);
    if (!queue) {
      queue = new AfterCommits(work, this.options.knex, (error) =>
        this.logger.warn({ projection: projection.name, err: error }, 'the work after committed pages failed'),
      );
      this.afterCommits.set(projection.name, queue);
    }
    return queue;
  }

  private async applyPage(projection: Projection, page: LogPage, expected: number, eventByEvent: boolean): Promise<void> {
    await this.options.knex.transaction(async (trx) => {
      const stored = await lockCheckpoint(trx, projection.name);
      if (stored !== expected) throw new CheckpointMovedError(`${projection.name} checkpoint moved from ${expected} to ${stored}`);
      if (!eventByEvent) {
        if (page.events.length > 0) await projection.handle(page.events, trx);
      } else {
        for (const event of page.events) {
          try {
            await trx.transaction((savepoint) => projection.handle([event], savepoint));
          } catch (error) {
            if (!failsOnData(error)) throw error;
            this.logger.error(
              { projection: projection.name, position: event.position, type: event.type, err: error },
              'event failed; recorded and skipped',
            );
            await recordFailure(trx, projection.name, event, error);
          }
        }
      }
      await saveCheckpoint(trx, projection.name, page.scannedUpTo);
    });
  }

  private async restart(projection: Projection, lock: Client): Promise<void> {
    const current = this.running.get(projection.name);
    if (!current || current.lock !== lock) return;
    this.logger.info({ projection: projection.name }, 'projection checkpoint was reset; replaying');
    this.running.delete(projection.name);
    await current.subscription.stop();
    if (this.stopped) await lock.end().catch(() => undefined);
    else this.follow(projection, lock);
  }

  private release(projection: Projection, lock: Client): void {
    const current = this.running.get(projection.name);
    if (!current || current.lock !== lock) return;
    this.running.delete(projection.name);
    void current.subscription.stop();
    if (!this.stopped) {
      this.logger.warn({ projection: projection.name }, 'projection lost its lock connection; claiming again');
      this.retryLater(projection);
    }
  }

  private retryLater(projection: Projection): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.claim(projection));
    }, this.options.standbyRetryMs ?? 2000);
    this.timers.add(timer);
  }
}
