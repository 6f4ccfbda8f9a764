import pino from 'pino';
import { readConfig } from '../../src/platform/config';
import { startPlatform, type Platform, type PlatformOptions } from '../../src/platform/platform';
import { createTestDatabase } from './testDatabase';

export const TEST_ADMIN = { email: 'admin@platform.test', password: 'Admin-Passw0rd!' };

export type TestPlatform = Platform & {
  request: (path: string, init?: RequestInit & { json?: unknown }) => Promise<{ status: number; body: any; headers: Headers }>;
  /** Stops the platform and starts it again on the same database and port (what survives a restart is what was stored). */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

/** The whole platform on a fresh database and a free port, as `npm start` runs it. */
export async function startTestPlatform(
  options: Partial<Omit<PlatformOptions, 'config' | 'logger'>> & { env?: Record<string, string> } = {},
): Promise<TestPlatform> {
  // Every migration but the analytics schema's already run (globalSetup), unless the test brings
  // projections of its own, whose migrations differ from the platform's.
  const database = await createTestDatabase(options.projections ? undefined : process.env.TEST_DATABASE_MIGRATED);
  const start = (port: string) =>
    startPlatform({
      ...options,
      config: readConfig({
        PORT: port,
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ...options.env,
      }),
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    });
  const first = await start('0');
  const port = new URL(first.url).port;
  const platform: TestPlatform = {
    ...first,
    request: async (path, init = {}) => {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const response = await fetch(`${platform.url}${path}`, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body, headers: response.headers };
    },
    restart: async () => {
      await platform.stop();
      Object.assign(platform, await start(port));
    },
    close: async () => {
      await platform.stop();
      await database.drop();
    },
  };
  return platform;
}
