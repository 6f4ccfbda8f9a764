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
  // The Support page's contact, shown on the sign-in pages too.
  'GET /support/contact': 'public',
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
  // A database role of the calling institution's own (its name, not an id): the owner's alone.
  'DELETE /institution/database-access/:role': 'ownInstitution',
};

/**
 * What an auditor may call besides reads (GET): signing in and out, its own profile, the public password
 * reset, the spec's reads sent by POST, and the compliance console (below). Every other route is a
 * command and answers an auditor 403. Written out here, apart from the server's own list, so the test
 * notices when the rule changes.
 */
export const AUDITOR_MAY_SEND = [
  'POST /admin/login',
  'POST /institution/login',
  'POST /admin/logout',
  'POST /auth/logout',
  'POST /institution/logout',
  'PUT /admin/profile',
  'POST /auth/reset-password',
  'POST /auth/reset-password/confirm',
  'POST /auth/reset-password/verify',
  'POST /auth/set-new-password',
  'POST /auth/verify-reset-code',
  'POST /institution/update/:id',
  'POST /institution/getParametersForInstitution/:id',
  'POST /variable/validate-normalization-formula',
  'POST /variable/test-variable-normalization',
];

/**
 * What a team member may send besides reads (GET), by role: signing in and out, the public password
 * reset and invitation, the spec's reads sent by POST, and for an uploader its uploads. The team's
 * routes, reads included, are the owner's. Written out here, apart from the server's own list.
 */
export const MEMBERS_MAY_SEND: Record<'analyst' | 'uploader', readonly string[]> = {
  analyst: [
    'POST /institution/login',
    'POST /auth/logout',
    'POST /institution/logout',
    'POST /auth/reset-password',
    'POST /auth/reset-password/confirm',
    'POST /auth/reset-password/verify',
    'POST /auth/set-new-password',
    'POST /auth/verify-reset-code',
    'POST /members/accept',
    'POST /institution/update/:id',
    'POST /institution/getParametersForInstitution/:id',
  ],
  uploader: [],
};
MEMBERS_MAY_SEND.uploader = [...MEMBERS_MAY_SEND.analyst, 'POST /csv/upload'];

const TEAM_ROUTE = /^\/institution\/members(\/|$)/;

/** Reads that are the owner's alone besides the team's (its route refuses members with its own 403). */
export const OWNER_ONLY_READS = ['GET /institution/database-access'];

/** A team route: the owner's alone, refused to members by the role rule whatever the method. */
export const isTeamRoute = (route: ApiRoute): boolean => TEAM_ROUTE.test(route.path);

/** Whether a member may call a route as the owner would (true), or is refused 403 by its role (false). */
export const memberMay = (route: ApiRoute, role: 'analyst' | 'uploader'): boolean =>
  !isTeamRoute(route) && !OWNER_ONLY_READS.includes(route.key) && (route.method === 'GET' || MEMBERS_MAY_SEND[role].includes(route.key));

/** Whether an auditor may call a route as an administrator would (true), or is refused 403 as read-only (false). */
export const auditorMay = (route: ApiRoute): boolean =>
  route.method === 'GET' || route.path.startsWith('/admin/compliance/') || AUDITOR_MAY_SEND.includes(route.key);

const MODEL_PATH = /^\/(variable|variableCategory|parameter)(\/|$)/;
// An `:institutionId`, or an `:id` right after a segment that reads an institution (`/institution/:id`,
// `/result/institution/:id`, `/institution/getParameters/:id`, `/institution/getParametersForInstitution/:id`).
const NAMES_AN_INSTITUTION = /\/(institution|getParameters|[A-Za-z]*ForInstitution)\/:id(\/|$)|:institutionId\b/;

/** The rules: who may call a route follows from its path and method, unless the exceptions say otherwise. */
export function accessOf(route: ApiRoute): Access {
  const exception = ACCESS_EXCEPTIONS[route.key];
  if (exception) return exception;
  const { method, path } = route;
  if (
    path === '/health' ||
    path === '/institution/login' ||
    path === '/members/accept' ||
    (path.startsWith('/auth/') && path !== '/auth/logout')
  )
    return 'public';
  // The team: the owner's own institution's members, whatever the member's id.
  if (TEAM_ROUTE.test(path)) return 'ownInstitution';
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
