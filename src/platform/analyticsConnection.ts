import type { AnalyticsConnection } from '@credit/projectors/src/readModels';
import type { Config } from './config';

/**
 * Where an issued database role connects (README, "The analytics schema"): the embedded PostgreSQL
 * listens on 127.0.0.1 at EMBEDDED_PG_PORT only (analysts' tools run on this machine or reach it
 * through an SSH tunnel); with DATABASE_URL, that URL's host, port, database and sslmode.
 */
export function analyticsConnection(config: Config, databaseUrl: string): AnalyticsConnection {
  const url = new URL(databaseUrl);
  const external = config.databaseUrl !== null;
  return {
    host: external ? url.hostname : '127.0.0.1',
    port: Number(url.port || 5432),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    sslmode: url.searchParams.get('sslmode') ?? (external ? 'prefer' : 'disable'),
  };
}
