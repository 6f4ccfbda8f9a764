import type { LogPage, ReadAllOptions } from './eventStore';
import { pollingWaiter, runSubscription } from './subscriptionLoop';

/** A log read that answers only when the test says so: the subscription is then inside its read. */
function heldReads() {
  const waiting: ((page: LogPage) => void)[] = [];
  return {
    readAll: (_options: ReadAllOptions) => new Promise<LogPage>((resolve) => waiting.push(resolve)),
    answer: (page: LogPage) => waiting.shift()?.(page),
    get reading() {
      return waiting.length;
    },
  };
}

/** Whether `work` settles within `ms`; the timer is cleared either way (left running, it kept jest's worker alive at the end of a run). */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('runSubscription', () => {
  it('stops at once when stopped while reading, instead of sleeping out the poll interval after the read', async () => {
    const reads = heldReads();
    const subscription = runSubscription({ after: 0 }, async () => undefined, {
      readAll: reads.readAll,
      waiter: pollingWaiter(),
      pollIntervalMs: 30_000,
      forget: () => undefined,
    });
    await nextTick();
    expect(reads.reading).toBe(1);

    const stopped = subscription.stop();
    reads.answer({ events: [], scannedUpTo: 0 });

    expect(await settledWithin(stopped, 1_000)).toBe(true);
  });

  it('hands over a page read before the stop, then stops', async () => {
    const reads = heldReads();
    const handled: number[] = [];
    const subscription = runSubscription({ after: 0 }, async (page) => void handled.push(page.scannedUpTo), {
      readAll: reads.readAll,
      waiter: pollingWaiter(),
      pollIntervalMs: 30_000,
      forget: () => undefined,
    });
    await nextTick();

    const stopped = subscription.stop();
    reads.answer({ events: [], scannedUpTo: 7 });

    expect(await settledWithin(stopped, 1_000)).toBe(true);
    expect(handled).toEqual([7]);
    expect(reads.reading).toBe(0);
  });
});
