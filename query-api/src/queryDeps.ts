import type { Knex } from 'knex';
import type { LogHead } from '@credit/events';

export type QueryDeps = { knex: Knex; logHead: () => Promise<LogHead>; readYourWritesTimeoutMs: number };
