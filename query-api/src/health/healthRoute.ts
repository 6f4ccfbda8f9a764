import type Router from '@koa/router';
import type { Knex } from 'knex';
import { ok, type LogHead } from '@credit/events';

export type HealthDeps = { knex: Knex; logHead: () => Promise<LogHead> };

/** The event store's head and each projection's checkpoint, with how far behind it is. */
export function healthRoute(router: Router, deps: HealthDeps): void {
  router.get('/health', async (ctx) => {
    const [head, checkpoints] = await Promise.all([
      deps.logHead(),
      deps.knex('projection_checkpoints').select('name', 'position', 'updated_at').orderBy('name'),
    ]);
    const projections = checkpoints.map((row: { name: string; position: string; updated_at: Date }) => ({
      name: row.name,
      position: Number(row.position),
      behind: head.position - Number(row.position),
      updatedAt: row.updated_at,
    }));
    ctx.body = ok('ok', { status: 'ok', eventStore: { position: head.position, hash: head.hash }, projections });
  });
}
