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
});
