import { EventEmitter } from 'node:events';
import type { Context } from 'koa';
import { TooManyRequestsError, type AuthenticatedUser } from '@credit/events';
import { callerKey, fairShare } from './fairShare';

const contextOf = (user: Partial<AuthenticatedUser> | undefined) => {
  const res = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
  const headers: Record<string, string> = {};
  const ctx = { state: { user }, res, set: (name: string, value: string) => (headers[name] = value) } as unknown as Context;
  return { ctx, close: () => res.emit('close'), headers };
};

describe('fairShare', () => {
  const institutionUser = (institutionId: number, id = institutionId) => ({
    kind: 'institution' as const,
    id,
    isAdmin: false,
    institutionId,
  });
  const adminUser = (id: number) => ({ kind: 'admin' as const, id, isAdmin: true, institutionId: null });

  it("counts an institution's people together, each platform account apart, and anonymous callers together", () => {
    expect(callerKey(institutionUser(7) as AuthenticatedUser)).toBe(callerKey(institutionUser(7, 70) as AuthenticatedUser));
    expect(callerKey(institutionUser(7) as AuthenticatedUser)).not.toBe(callerKey(institutionUser(8) as AuthenticatedUser));
    expect(callerKey(adminUser(1) as AuthenticatedUser)).not.toBe(callerKey(adminUser(2) as AuthenticatedUser));
    expect(callerKey(undefined)).toBe('anonymous');
  });

  it('refuses a caller past its places with 429 and its Retry-After, while another caller still runs', async () => {
    const share = fairShare({ running: 1, waiting: 1 }, { keyOf: callerKey, refusal: 'Busy', retryAfterSeconds: 2 });
    const ran: string[] = [];
    const first = contextOf(institutionUser(7));
    await share(first.ctx, async () => void ran.push('first'));
    const queued = contextOf(institutionUser(7));
    const waiting = share(queued.ctx, async () => void ran.push('queued'));
    const refused = contextOf(institutionUser(7));
    await expect(share(refused.ctx, async () => void ran.push('refused'))).rejects.toEqual(new TooManyRequestsError('Busy'));
    expect(refused.headers['Retry-After']).toBe('2');

    await share(contextOf(undefined).ctx, async () => void ran.push('anonymous'));
    expect(ran).toEqual(['first', 'anonymous']);
    first.close();
    await waiting;
    expect(ran).toEqual(['first', 'anonymous', 'queued']);
  });

  it('starts no more while a caller runs past places that have shrunk, and starts the waiting ones when they grow', async () => {
    let places = 3;
    const share = fairShare({ running: () => places, waiting: 10 }, { keyOf: callerKey, refusal: 'Busy', retryAfterSeconds: 2 });
    const started: number[] = [];
    const request = (index: number) => {
      const context = contextOf(institutionUser(7));
      const answered = share(context.ctx, async () => void started.push(index));
      return { ...context, answered };
    };
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const requests = [0, 1, 2, 3, 4].map(request);
    await settle();
    expect(started).toEqual([0, 1, 2]);

    places = 1;
    requests[0].close();
    requests[1].close();
    await settle();
    expect(started).toEqual([0, 1, 2]); // request 2 still runs: one place, taken
    requests[2].close();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);

    places = 3;
    const later = request(5); // its arrival starts the waiting ones first, then itself
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    requests[3].close();
    requests[4].close();
    later.close();
    await Promise.all([...requests.map((each) => each.answered), later.answered]);
  });

  it("gives a heavy request's place back to the caller's other requests as it enters a share of its own", async () => {
    const options = { keyOf: callerKey, refusal: 'Busy', retryAfterSeconds: 2 };
    const outer = fairShare({ running: 1, waiting: 5 }, options);
    const heavy = fairShare({ running: 1, waiting: 5 }, { ...options, insteadOfOuter: true });
    const started: string[] = [];
    const export1 = contextOf(institutionUser(7));
    const exported = outer(export1.ctx, () => heavy(export1.ctx, async () => void started.push('export')));
    const screen = contextOf(institutionUser(7));
    const read = outer(screen.ctx, async () => void started.push('screen'));
    await new Promise((resolve) => setImmediate(resolve));
    // The export still runs (its response not closed), and the screen's read has its place.
    expect([...started].sort()).toEqual(['export', 'screen']);
    export1.close();
    screen.close();
    await Promise.all([exported, read]);
  });
});
