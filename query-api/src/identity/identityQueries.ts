import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  assertAdmin,
  assertCanAccessInstitution,
  assertSignedIn,
  logoImage,
  logoVersion,
  NotFoundError,
  ok,
  routeId,
  signedLogoQuery,
  ValidationError,
} from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { numericIdRoute } from '../numericIdRoute';
import { readsFrom } from '../readYourWrites';
import { approvalStatus, toInstitution } from './institutionRows';
import { ADMINS, INSTITUTIONS, type AdminRow, type InstitutionRow } from '@credit/projectors/src/readModels';

const STATUSES = ['all', 'pending', 'approved', 'rejected'] as const;
/** How long a browser keeps a logo before asking again (its ETag then answers 304 when unchanged). */
const LOGO_MAX_AGE_S = 6 * 60 * 60;

export function identityQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'identity');
  const listed = () => deps.knex<InstitutionRow>(INSTITUTIONS).whereNot('status', 'closed');

  router.get('/institution/getAllInstitutions', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const rows = await listed().orderBy('created_at', 'desc').orderBy('id', 'desc');
    ctx.body = ok(
      'Institutions retrieved successfully',
      rows.map((row) => toInstitution(row, deps.secret())),
    );
  });

  // The approvals view: status filter (default pending) and search over name, REG number and email.
  router.get('/admin/institutions', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const status = String(ctx.query.status ?? 'pending').toLowerCase();
    if (!STATUSES.includes(status as (typeof STATUSES)[number])) throw new ValidationError(`status must be one of ${STATUSES.join(', ')}`);
    const search = String(ctx.query.search ?? '')
      .trim()
      .toLowerCase();
    const every = await listed().orderBy('created_at', 'desc').orderBy('id', 'desc');
    const rows = every.filter((row) => status === 'all' || approvalStatus(row) === status);
    const matching =
      search === ''
        ? rows
        : rows.filter((row) => [row.name, row.email, `reg-${row.id}`].some((text) => text.toLowerCase().includes(search)));
    const counts = { all: 0, pending: 0, approved: 0, rejected: 0 };
    for (const row of every) counts[approvalStatus(row)] += 1;
    counts.all = counts.pending + counts.approved + counts.rejected;
    ctx.body = ok('Institutions retrieved successfully', {
      institutions: matching.map((row) => toInstitution(row, deps.secret())),
      counts,
    });
  });

  const oneInstitution = async (ctx: Context) => {
    const id = routeId(ctx.params.id, 'Institution');
    assertCanAccessInstitution(ctx.state.user, id);
    const row = await listed().where({ id }).first();
    if (!row) throw new NotFoundError('Institution not found');
    ctx.body = ok('Institution retrieved successfully', toInstitution(row, deps.secret()));
  };
  router.get('/institution/:id', numericIdRoute(fresh, oneInstitution));
  router.post('/institution/update/:id', numericIdRoute(fresh, oneInstitution));

  // An institution's logo, for itself and the administrators: by a Bearer token, or by the short-lived
  // signed URL the sign-in, profile and list answers give (an <img> sends no token). Raster images
  // only, with their own type and nosniff; cached privately, its ETag the logo's version.
  router.get('/institution/:id/logo', fresh, async (ctx) => {
    const id = routeId(ctx.params.id, 'Institution');
    const signedFor = signedLogoQuery(deps.secret(), id, ctx.query);
    if (signedFor === null) assertCanAccessInstitution(ctx.state.user, id);
    const row = await listed().where({ id }).first('logo');
    const image = logoImage(row?.logo);
    if (!row?.logo || !image) throw new NotFoundError('This institution has no logo');
    const version = logoVersion(row.logo);
    ctx.status = 200;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Content-Disposition', 'inline');
    // A URL naming an older version is answered the current logo, not cached under that URL.
    const current = ctx.query.v === undefined || ctx.query.v === version;
    ctx.set('Cache-Control', current ? `private, max-age=${Math.min(signedFor ?? LOGO_MAX_AGE_S, LOGO_MAX_AGE_S)}` : 'private, no-cache');
    ctx.etag = version;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = image.type;
    ctx.body = image.bytes;
  });

  router.get('/institution/profile/me', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (user.institutionId === null) throw new ValidationError('Institution ID is required');
    const row = await listed().where({ id: user.institutionId }).first();
    if (!row) throw new NotFoundError('Institution not found');
    ctx.body = ok('Profile retrieved successfully', toInstitution(row, deps.secret()));
  });

  router.get('/admin/getAllAdmins', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const rows = await deps.knex<AdminRow>(ADMINS).orderBy('id');
    ctx.body = ok(
      'Admins retrieved successfully',
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        is_active: row.is_active,
        profilePhoto: row.profile_photo,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
    );
  });
}
