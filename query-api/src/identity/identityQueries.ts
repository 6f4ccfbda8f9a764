import type Router from '@koa/router';
import type { Context } from 'koa';
import { assertAdmin, assertCanAccessInstitution, assertSignedIn, NotFoundError, ok, routeId, ValidationError } from '@credit/events';
import type { QueryDeps } from '../queryDeps';
import { readsFrom } from '../readYourWrites';
import { approvalStatus, toInstitution, type InstitutionRow } from './institutionRows';

const STATUSES = ['all', 'pending', 'approved', 'rejected'] as const;

export function identityQueries(router: Router, deps: QueryDeps): void {
  const fresh = readsFrom(deps, 'identity');
  const listed = () => deps.knex<InstitutionRow>('institutions').whereNot('status', 'closed');

  router.get('/institution/getAllInstitutions', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const rows = await listed().orderBy('created_at', 'desc').orderBy('id', 'desc');
    ctx.body = ok('Institutions retrieved successfully', rows.map(toInstitution));
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
    ctx.body = ok('Institutions retrieved successfully', { institutions: matching.map(toInstitution), counts });
  });

  const oneInstitution = async (ctx: Context, next: () => Promise<unknown>) => {
    // Leaves named paths such as /institution/getParameters to the routes that own them.
    if (!/^\d+$/.test(ctx.params.id)) return next();
    const id = routeId(ctx.params.id, 'Institution');
    assertCanAccessInstitution(ctx.state.user, id);
    const row = await listed().where({ id }).first();
    if (!row) throw new NotFoundError('Institution not found');
    ctx.body = ok('Institution retrieved successfully', toInstitution(row));
  };
  router.get('/institution/:id', fresh, oneInstitution);
  router.post('/institution/update/:id', fresh, oneInstitution);

  router.get('/institution/profile/me', fresh, async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    if (user.institutionId === null) throw new ValidationError('Institution ID is required');
    const row = await listed().where({ id: user.institutionId }).first();
    if (!row) throw new NotFoundError('Institution not found');
    ctx.body = ok('Profile retrieved successfully', toInstitution(row));
  });

  router.get('/admin/getAllAdmins', fresh, async (ctx) => {
    assertAdmin(ctx.state.user);
    const rows = await deps.knex('admins').orderBy('id');
    ctx.body = ok(
      'Admins retrieved successfully',
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        is_active: row.is_active,
        profilePhoto: row.profile_photo,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
    );
  });
}
