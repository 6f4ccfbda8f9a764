import { resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Event store on KurrentDB instead of PostgreSQL (read models stay on PostgreSQL). */
  kurrentdbUrl: string | null;
  embeddedPostgresPort: number;
  logLevel: string;
  readYourWritesTimeoutMs: number;
  /** The query API's statement_timeout (0: none); the projectors' and commands' statements are not bounded. */
  readStatementTimeoutMs: number;
  /** The projections a projectors process runs (`PROJECTIONS`, names or `-name`s); null: all. */
  projections: string[] | null;
  jsonBodyLimit: string;
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  resetCodeTtlSeconds: number;
  registrationLimitPerHour: number;
  resetRequestLimitPer15Min: number;
};

/** Every setting comes from the environment; the README lists them. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== '' ? env.DATABASE_URL : null,
    kurrentdbUrl: env.EVENT_STORE === 'kurrentdb' && env.KURRENTDB_URL ? env.KURRENTDB_URL : null,
    embeddedPostgresPort: integer(env.EMBEDDED_PG_PORT, 54329),
    logLevel: env.LOG_LEVEL ?? 'info',
    readYourWritesTimeoutMs: integer(env.READ_YOUR_WRITES_TIMEOUT_MS, 5000),
    readStatementTimeoutMs: integer(env.READ_STATEMENT_TIMEOUT_MS, 30_000),
    projections: env.PROJECTIONS?.trim() ? env.PROJECTIONS.split(',').map((name) => name.trim()) : null,
    jsonBodyLimit: env.JSON_BODY_LIMIT ?? '1mb',
    jwtSecret: env.JWT_SECRET || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Credit Intelligence Platform <no-reply@localhost.localdomain>',
    resetCodeTtlSeconds: integer(env.RESET_CODE_TTL_SECONDS, 300),
    registrationLimitPerHour: integer(env.REGISTRATION_LIMIT_PER_HOUR, 20),
    resetRequestLimitPer15Min: integer(env.RESET_REQUEST_LIMIT_PER_IP, 30),
  };
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return parsed;
}
