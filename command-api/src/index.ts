import Router from '@koa/router';
import type { EventStore } from '@credit/events';

export { eventMetadata, type Actor } from './eventMetadata';

export type CommandApiDeps = { store: EventStore };

export function createCommandRouter(_deps: CommandApiDeps): Router {
  return new Router();
}
