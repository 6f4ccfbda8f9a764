import { EventEmitter } from 'node:events';
import type { Context } from 'koa';
import { TooManyRequestsError } from '@credit/events';
import { heavyRequests } from './heavyRequests';

/** A Koa context with what the middleware reads: the caller, a response that closes, and headers. */
const contextOf = (institutionId: number) => {
  const res = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
  const headers: Record<string, string> = {};
  const ctx = {
    state: { user: { kind: 'institution', id: institutionId, isAdmin: false, institutionId } },
    res,
    set: (name: string, value: string) => (headers[name] = value),
  } as unknown as Context;
  return { ctx, close: () => res.emit('close'), headers };
};

describe('heavyRequests', () => {
  it('should run two at once per institution, queue two more, refuse the rest, and start a queued one when a response closes', async () => {
    const limit = heavyRequests({ running: 2, waiting: 2 });
    const started: number[] = [];
    const calls = Array.from({ length: 5 }, (_, index) => {
      const call = contextOf(7);
      const done = limit(call.ctx, async () => void started.push(index));
      return { ...call, done };
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(calls[4].done).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(calls[4].headers['Retry-After']).toBe('5');

    const elsewhere = contextOf(8);
    await limit(elsewhere.ctx, async () => void started.push(99));
    expect(started).toEqual([0, 1, 99]);

    await calls[0].done;
    calls[0].close();
    await calls[2].done;
    expect(started).toEqual([0, 1, 99, 2]);
    calls[1].close();
    await calls[3].done;
    expect(started).toEqual([0, 1, 99, 2, 3]);
  });

  it('should free the place of a request that failed', async () => {
    const limit = heavyRequests({ running: 1, waiting: 0 });
    await expect(limit(contextOf(7).ctx, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const next = contextOf(7);
    await expect(limit(next.ctx, async () => undefined)).resolves.toBeUndefined();
  });
});
