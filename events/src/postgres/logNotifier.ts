import type { Client } from 'pg';
import type { LogWaiter } from '../subscriptionLoop';

/**
 * One LISTEN connection per store, shared by its subscriptions. If the connection cannot be
 * opened or drops, subscriptions keep working by polling.
 */
export class LogNotifier {
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private generation = 0;
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly connect: () => Client,
    private readonly channel: string,
  ) {}

  waiter(): LogWaiter {
    this.ensureListening();
    let wakeCurrent: (() => void) | null = null;
    return {
      mark: () => this.generation,
      wait: (mark, timeoutMs, ignoreNotifications = false) => {
        if (!ignoreNotifications && mark !== this.generation) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const finish = () => {
            clearTimeout(timer);
            this.sleepers.delete(finish);
            wakeCurrent = null;
            resolve();
          };
          const timer = setTimeout(finish, timeoutMs);
          wakeCurrent = finish;
          if (!ignoreNotifications) this.sleepers.add(finish);
        });
      },
      wakeUp: () => wakeCurrent?.(),
      dispose: () => {
        if (wakeCurrent) this.sleepers.delete(wakeCurrent);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private ensureListening(): void {
    if (this.client || this.connecting || this.closed) return;
    const client = this.connect();
    this.connecting = (async () => {
      client.on('notification', () => this.notify());
      client.on('error', () => this.drop(client));
      client.on('end', () => this.drop(client));
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed) await client.end();
      else this.client = client;
    })()
      .catch(() => this.drop(client))
      .finally(() => {
        this.connecting = null;
      });
  }

  private notify(): void {
    this.generation += 1;
    for (const wake of [...this.sleepers]) wake();
  }

  private drop(client: Client): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => undefined);
    if (!this.closed) setTimeout(() => this.ensureListening(), 1000).unref();
  }
}
