import type { LogPage, PageHandler, ReadAllOptions, SubscribeOptions, Subscription } from './eventStore';

/** How a subscription waits for new events between pages. */
export type LogWaiter = {
  /** A token to pass to `wait`: a notification after `mark` and before `wait` is not lost. */
  mark: () => number;
  wait: (mark: number, timeoutMs: number, ignoreNotifications?: boolean) => Promise<void>;
  wakeUp: () => void;
  dispose: () => void;
};

/** A waiter that only polls (a store with no notifications). */
export function pollingWaiter(): LogWaiter {
  let wakeCurrent: (() => void) | null = null;
  return {
    mark: () => 0,
    wait: (_mark, timeoutMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(finish, timeoutMs);
        function finish() {
          clearTimeout(timer);
          wakeCurrent = null;
          resolve();
        }
        wakeCurrent = finish;
      }),
    wakeUp: () => wakeCurrent?.(),
    dispose: () => undefined,
  };
}

/**
 * Every adapter's subscription: read a page after the last position, hand it over, and move on only
 * once the handler succeeded; when nothing is new, wait (for a notification or the poll interval);
 * after an error, report it and wait the poll interval before trying the same page again.
 */
export function runSubscription(
  options: SubscribeOptions,
  handler: PageHandler,
  store: {
    readAll: (options: ReadAllOptions) => Promise<LogPage>;
    waiter: LogWaiter;
    pollIntervalMs: number;
    forget: (subscription: Subscription) => void;
  },
): Subscription {
  const { waiter, pollIntervalMs } = store;
  let stopped = false;
  let position = options.after ?? 0;
  const run = async () => {
    while (!stopped) {
      const seen = waiter.mark();
      let failed = false;
      try {
        const page = await store.readAll({ after: position, maxCount: options.batchSize ?? 500, types: options.types });
        if (page.scannedUpTo > position) {
          await handler(page);
          position = page.scannedUpTo;
          continue;
        }
      } catch (error) {
        options.onError?.(error);
        failed = true;
      }
      // Stopped while reading: `stop` woke no one, so a wait now would sleep out the poll interval.
      if (stopped) break;
      // After an error, the poll interval in full: a notification must not turn a failing read into a busy loop.
      await waiter.wait(seen, pollIntervalMs, failed);
    }
  };
  const done = run().finally(() => waiter.dispose());
  const subscription: Subscription = {
    done,
    stop: async () => {
      stopped = true;
      waiter.wakeUp();
      await done;
      store.forget(subscription);
    },
  };
  return subscription;
}
