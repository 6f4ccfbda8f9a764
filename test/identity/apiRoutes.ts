import type Router from '@koa/router';
import { createCommandRouter } from '@credit/command-api';
import { createQueryRouter } from '@credit/query-api';

export type ApiRoute = { method: string; path: string; key: string };

/**
 * Who may call a route:
 * - public: anyone, no token needed;
 * - admin: administrators only;
 * - tenant: a route naming an institution by id; an institution reaches only its own;
 * - ownInstitution: the calling institution's own data, no id in the path;
 * - signedIn: any signed-in user (the handler scopes what an institution sees).
 */
export type Access = 'public' | 'admin' | 'tenant' | 'ownInstitution' | 'signedIn';

/** Routes the rules below would classify wrongly; keyed `METHOD /path` as registered. */
export const ACCESS_EXCEPTIONS: Record<string, Access> = {
  'POST /admin/login': 'public',
  'POST /institution/create': 'public',
  'POST /admin/logout': 'signedIn',
  'GET /institution/getAllInstitutions': 'admin',
  'POST /institution/deactivate/:id': 'admin',
  'PUT /institution/update/:id': 'admin',
  'DELETE /institution/delete/:id': 'admin',
  // Loads an institution by its id (the admin's PUT on the same path edits it).
  'POST /institution/update/:id': 'tenant',
  // Ids of an institution's own records (parameter values), not of institutions.
  'PUT /institution/updateParameter/:id': 'signedIn',
  'PUT /institution/updateParameterValue/:id': 'signedIn',
  'DELETE /institution/deleteParameter/:id': 'signedIn',
};

const MODEL_PATH = /^\/(variable|variableCategory|parameter)(\/|$)/;
// An `:institutionId`, or an `:id` right after a segment that reads an institution (`/institution/:id`,
// `/result/institution/:id`, `/institution/getParameters/:id`, `/institution/getParametersForInstitution/:id`).
const NAMES_AN_INSTITUTION = /\/(institution|getParameters|[A-Za-z]*ForInstitution)\/:id(\/|$)|:institutionId\b/;

/** The rules: who may call a route follows from its path and method, unless the exceptions say otherwise. */
export function accessOf(route: ApiRoute): Access {
  const exception = ACCESS_EXCEPTIONS[route.key];
  if (exception) return exception;
  const { method, path } = route;
  if (path === '/health' || path === '/institution/login' || (path.startsWith('/auth/') && path !== '/auth/logout')) return 'public';
  if (path.startsWith('/admin/')) return 'admin';
  if (MODEL_PATH.test(path) && method !== 'GET') return 'admin';
  if (NAMES_AN_INSTITUTION.test(path)) return 'tenant';
  if (path.startsWith('/institution/') && !path.includes(':')) return 'ownInstitution';
  return 'signedIn';
}

// Registration only captures its dependencies in closures; nothing is called while routes are listed.
const inert: unknown = new Proxy(() => inert, { get: () => inert, apply: () => inert });

/** Every route the platform mounts under /api, read off the very routers it mounts. */
export function registeredRoutes(): ApiRoute[] {
  const routers: Router[] = [createCommandRouter(inert as never), createQueryRouter(inert as never)];
  const routes = new Map<string, ApiRoute>();
  for (const router of routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') continue;
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const key = `${method} ${layer.path}`;
        routes.set(key, { method, path: layer.path, key });
      }
    }
  }
  return [...routes.values()];
}

/** The path with every parameter replaced: institution ids by `institutionId`, any other id by `otherId`. */
export function concretePath(route: ApiRoute, institutionId: number, otherId: number): string {
  const namesInstitution = accessOf(route) === 'tenant' && !route.path.includes(':institutionId');
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    String(name === 'institutionId' || (namesInstitution && name === 'id') ? institutionId : otherId),
  );
}
