import type { Knex } from 'knex';
import type { RecordedEvent } from '@credit/events';
import type { Projection } from './projection';

type AfterCommit = NonNullable<Projection['afterCommit']>;

/**
 * A projection's work after its pages have committed, beside its next pages: one run at a time,
 * each given the events (of the types it asked for) of every page committed since the last run
 * began. A run's failure is reported and undoes nothing. Once stopped, no run begins; `stop`
 * waits for the one under way.
 */
export class AfterCommits {
  private waiting: RecordedEvent[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly work: AfterCommit,
    private readonly knex: Knex,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** A page has committed: its events of the asked types wait for the next run. */
  committed(events: readonly RecordedEvent[]): void {
    const asked = events.filter((event) => this.work.types.includes(event.type));
    if (asked.length === 0 || this.stopped) return;
    this.waiting.push(...asked);
    this.running ??= this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting = [];
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0 && !this.stopped) {
      const events = this.waiting;
      this.waiting = [];
      await this.work.run(events, this.knex).catch(this.failed);
    }
    this.running = null;
  }
}
