import { fetchBaseQuery, type BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { retryAfterMs, retryStaleReads, STALE_READ_RETRIES } from './retryStaleReads';

const answers: Response[] = [];
let requests = 0;
globalThis.fetch = jest.fn(async () => {
  requests += 1;
  return answers.shift() ?? new Response(JSON.stringify({ success: true, message: 'ok', data: 'fresh' }), { status: 200 });
}) as typeof fetch;

const stale = (retryAfter: string | null = '1') =>
  new Response(JSON.stringify({ success: false, message: 'Your latest change is still being processed' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', ...(retryAfter === null ? {} : { 'Retry-After': retryAfter }) },
  });

const waits: number[] = [];
const query = retryStaleReads(fetchBaseQuery({ baseUrl: 'http://localhost/api' }), {
  ...STALE_READ_RETRIES,
  wait: async (ms) => void waits.push(ms),
});

const call = (type: BaseQueryApi['type'] = 'query', signal = new AbortController().signal) =>
  query(
    '/results',
    { type, signal, abort: () => undefined, dispatch: jest.fn(), getState: () => ({}), extra: undefined, endpoint: 'x' },
    {},
  );

beforeEach(() => {
  answers.length = 0;
  waits.length = 0;
  requests = 0;
});

describe('Retrying a stale read', () => {
  it('should ask again after Retry-After and answer the fresh data, the 503s unseen', async () => {
    answers.push(stale(), stale());
    const result = await call();
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ data: 'fresh' });
    expect(requests).toBe(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('should give up after three retries and show the last 503', async () => {
    answers.push(stale(), stale(), stale(), stale(), stale());
    const result = await call();
    expect(result.error).toMatchObject({ status: 503 });
    expect(requests).toBe(4);
  });

  it('should not retry a 503 without Retry-After, nor one asking for longer than five seconds', async () => {
    answers.push(stale(null));
    expect((await call()).error).toMatchObject({ status: 503 });
    answers.push(stale('30'));
    expect((await call()).error).toMatchObject({ status: 503 });
    expect(requests).toBe(2);
    expect(waits).toEqual([]);
  });

  it('should never send a command twice', async () => {
    answers.push(stale());
    expect((await call('mutation')).error).toMatchObject({ status: 503 });
    expect(requests).toBe(1);
  });

  it('should stop retrying once the query is abandoned', async () => {
    const controller = new AbortController();
    controller.abort();
    answers.push(stale());
    await call('query', controller.signal);
    expect(requests).toBe(1);
    expect(waits).toEqual([]);
  });
});

describe('Reading Retry-After', () => {
  it('should read seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Fri, 27 Nov 2026 20:00:03 GMT', Date.parse('2026-11-27T20:00:00Z'))).toBe(3000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
