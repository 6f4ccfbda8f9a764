import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The mocked HTTP layer of a page test; each test adds its handlers with `server.use`. Unhandled requests fail the test. */
export const server = setupServer();

/** Every request the page sent since the last reset, as `METHOD /path?query`. */
export const sent: { method: string; url: URL; body: unknown }[] = [];

server.events.on('request:start', ({ request }) => {
  const body =
    request.method === 'GET'
      ? undefined
      : request
          .clone()
          .text()
          .then((text) => (text ? JSON.parse(text) : undefined));
  const entry = { method: request.method, url: new URL(request.url), body: undefined as unknown };
  sent.push(entry);
  if (body)
    void body.then(
      (value) => (entry.body = value),
      () => undefined,
    );
});

/** Starts the mocked server for this file (beforeAll / afterEach / afterAll). */
export function useMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    sent.length = 0;
  });
  afterAll(() => server.close());
}

/** The platform's answer envelope (spec §7). */
export const answer = <T>(data: T, message = 'OK') => HttpResponse.json({ success: true, message, data });

/** A refusal in the platform's words. */
export const refusal = (status: number, message: string) => HttpResponse.json({ success: false, message }, { status });
