import jwt from 'jsonwebtoken';
import {
  approvedInstitution,
  bearer,
  signedInAuditor,
  signedInMember,
  signInAsAdmin,
  type TestAuditor,
  type TestInstitution,
  type TestMember,
} from '../support/actors';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../support/testPlatform';
import {
  ACCESS_EXCEPTIONS,
  accessOf,
  AUDITOR_MAY_SEND,
  auditorMay,
  concretePath,
  isTeamRoute,
  memberMay,
  MEMBERS_MAY_SEND,
  OWNER_ONLY_READS,
  registeredRoutes,
  type ApiRoute,
} from './apiRoutes';

const routes = registeredRoutes();
const NO_SUCH_ID = 999999;
const DENIED = [401, 403];

describe('Authorisation on every route', () => {
  let platform: TestPlatform;
  let admin: string;
  let institution: TestInstitution;
  let intruder: TestInstitution;
  let auditor: TestAuditor;
  let analyst: TestMember;
  let uploader: TestMember;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    institution = await approvedInstitution(platform, admin, 'Société Générale Cameroun');
    intruder = await approvedInstitution(platform, admin, 'Intruder Microfinance');
    auditor = await signedInAuditor(platform, admin);
    analyst = await signedInMember(platform, institution, 'analyst');
    uploader = await signedInMember(platform, institution, 'uploader');
  });
  afterAll(async () => platform.close());

  const call = async (route: ApiRoute, path: string, token?: string) => {
    const response = await platform.request(`/api${path}`, {
      method: route.method,
      headers: token ? bearer(token) : {},
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }),
    });
    // Signing out ends the session it was sent with: sign in again so the routes after it have a live token.
    if (response.status === 200 && route.path.endsWith('/logout')) await signInAgain(token);
    return response;
  };
  const signInAgain = async (token: string | undefined) => {
    if (token === admin) admin = await signInAsAdmin(platform);
    if (token === auditor.token) auditor.token = await signInAsAdmin(platform, { email: auditor.email, password: auditor.password });
    for (const signedOut of [institution, intruder, analyst, uploader].filter((candidate) => candidate.token === token)) {
      const login = await platform.request('/api/institution/login', {
        method: 'POST',
        json: { email: signedOut.email, password: signedOut.password },
      });
      signedOut.token = login.body.token as string;
    }
  };
  const described = (response: { status: number; body: unknown }) => `${response.status} ${JSON.stringify(response.body)}`;
  const showsNothingOf = (victim: TestInstitution, body: unknown) => {
    const text = JSON.stringify(body);
    expect(text).not.toContain(victim.name);
    expect(text).not.toContain(victim.email);
  };

  describe('When the routes are listed from the routers', () => {
    it('should find every identity, audit and dashboard route, and every exception should still name a registered route', () => {
      const keys = routes.map((route) => route.key);
      expect(keys).toEqual(
        expect.arrayContaining([
          'POST /admin/login',
          'POST /institution/login',
          'POST /institution/create',
          'GET /health',
          'GET /admin/audit',
          'GET /institution/audit',
          'GET /institution/:id/audit',
          'GET /admin/dashboard',
          'DELETE /admin/deactivate/:id',
          'GET /institution/:id',
          'GET /admin/compliance/log',
          'POST /admin/compliance/verify',
          'GET /admin/compliance/verify/:id',
          'GET /admin/compliance/extract',
          'GET /admin/compliance/model',
          'GET /admin/compliance/model/diff',
          'GET /admin/compliance/institutions/:id/parameters',
          'GET /admin/compliance/institutions/:id/parameters/diff',
          'GET /admin/compliance/batches/:id/replay',
          'GET /admin/compliance/events',
          'GET /admin/compliance/events/:position',
        ]),
      );
      for (const key of Object.keys(ACCESS_EXCEPTIONS)) expect(keys).toContain(key);
      for (const key of AUDITOR_MAY_SEND) expect(keys).toContain(key);
      for (const key of MEMBERS_MAY_SEND.uploader) expect(keys).toContain(key);
    });

    it.each([
      ['GET /admin/audit', 'admin'],
      ['POST /variable/create', 'admin'],
      ['DELETE /parameter/delete/:id', 'admin'],
      ['GET /variable/all', 'signedIn'],
      ['GET /institution/:id/audit', 'tenant'],
      ['GET /result/institution/:id', 'tenant'],
      ['GET /institution/getParameters/:id', 'tenant'],
      ['POST /institution/setParameters/:institutionId', 'tenant'],
      ['GET /csv/batch/:id', 'signedIn'],
      ['GET /institution/audit', 'ownInstitution'],
      ['POST /auth/verify-code', 'public'],
      ['POST /auth/logout', 'signedIn'],
      ['POST /admin/login', 'public'],
      ['POST /admin/compliance/verify', 'admin'],
      ['GET /admin/compliance/extract', 'admin'],
      ['GET /admin/compliance/model/diff', 'admin'],
      ['GET /admin/compliance/institutions/:id/parameters', 'admin'],
      ['GET /admin/compliance/batches/:id/replay', 'admin'],
      ['GET /admin/compliance/events', 'admin'],
      ['GET /admin/compliance/events/:position', 'admin'],
    ])('should classify %s as %s by rule', (key, access) => {
      const [method, path] = key.split(' ');
      expect(accessOf({ method, path, key })).toBe(access);
    });
  });

  describe.each(routes.map((route) => [route.key, route] as const))('When calling %s', (_key, route) => {
    const access = accessOf(route);

    it(`should treat it as ${access}: callers without a token ${access === 'public' ? 'are served' : 'get 401'}`, async () => {
      const response = await call(route, concretePath(route, institution.id, NO_SUCH_ID));
      if (access === 'public') {
        expect(DENIED).not.toContain(response.status);
        expect(response.status).toBeLessThan(500);
      } else {
        expect(response.status).toBe(401);
        expect(response.body.success).toBe(false);
      }
    });

    if (access === 'public') return;

    it('should let an administrator through (no 401/403, never a 500)', async () => {
      const response = await call(route, concretePath(route, NO_SUCH_ID, NO_SUCH_ID), admin);
      expect(response.status).toBeLessThan(500);
      expect(response.status).not.toBe(401);
      // An institution's own-data routes have no institution for an administrator to be.
      if (access !== 'ownInstitution') expect(DENIED).not.toContain(response.status);
    });

    if (auditorMay(route)) {
      it('should answer an auditor as it answers an administrator (a read, or the auditor’s own session)', async () => {
        const path = concretePath(route, NO_SUCH_ID, NO_SUCH_ID);
        const asAdmin = await call(route, path, admin);
        const asAuditor = await call(route, path, auditor.token);
        expect(`${route.key} → ${asAuditor.status}`).toBe(`${route.key} → ${asAdmin.status}`);
      });
    } else {
      it('should refuse an auditor with 403: auditors have read-only access', async () => {
        const response = await call(route, concretePath(route, NO_SUCH_ID, NO_SUCH_ID), auditor.token);
        expect(described(response)).toBe(described({ status: 403, body: { success: false, message: 'Auditors have read-only access' } }));
      });
    }

    for (const role of ['analyst', 'uploader'] as const) {
      const member = () => (role === 'analyst' ? analyst : uploader);
      if (memberMay(route, role)) {
        it(`should answer an ${role} as it answers the institution's owner (a read, its own session, or an upload)`, async () => {
          const path = concretePath(route, institution.id, NO_SUCH_ID);
          const asOwner = await call(route, path, institution.token);
          const asMember = await call(route, path, member().token);
          expect(`${route.key} → ${asMember.status}`).toBe(`${route.key} → ${asOwner.status}`);
          showsNothingOf(intruder, asMember.body);
        });
      } else {
        it(`should refuse an ${role} with 403 and a message naming why`, async () => {
          const response = await call(route, concretePath(route, institution.id, NO_SUCH_ID), member().token);
          if (OWNER_ONLY_READS.includes(route.key)) return expect(described(response)).toMatch(/^403 /);
          const message = isTeamRoute(route)
            ? "Only the institution's owner manages its team"
            : role === 'analyst'
              ? 'Analysts have read-only access'
              : 'Uploaders may upload batches and read, nothing else';
          expect(described(response)).toBe(described({ status: 403, body: { success: false, message } }));
        });
      }
    }

    if (access === 'admin') {
      it('should refuse both institutions with 403 and show them nothing', async () => {
        for (const token of [institution.token, intruder.token]) {
          const response = await call(route, concretePath(route, institution.id, NO_SUCH_ID), token);
          expect(described(response)).toMatch(/^403 /);
          expect(response.body.success).toBe(false);
        }
      });
    }

    if (access === 'tenant') {
      it('should serve the institution its own id and refuse another institution with 403 or 404, showing none of its data', async () => {
        const own = await call(route, concretePath(route, institution.id, NO_SUCH_ID), institution.token);
        expect(DENIED).not.toContain(own.status);
        expect(own.status).toBeLessThan(500);
        const foreign = await call(route, concretePath(route, institution.id, NO_SUCH_ID), intruder.token);
        expect([403, 404]).toContain(foreign.status);
        expect(foreign.body.success).toBe(false);
        showsNothingOf(institution, foreign.body);
      });
    }

    if (access === 'ownInstitution' || access === 'signedIn') {
      it('should accept an institution token (the handler scopes the data), never with a 500', async () => {
        const response = await call(route, concretePath(route, institution.id, NO_SUCH_ID), institution.token);
        expect(response.status).not.toBe(401);
        if (access === 'ownInstitution') expect(response.status).not.toBe(403);
        expect(response.status).toBeLessThan(500);
        showsNothingOf(intruder, response.body);
      });
    }
  });

  describe('When a token is expired or malformed', () => {
    const secret = async () => (await platform.knex('platform_secrets').where({ name: 'session' }).first('value')).value as string;
    const protectedRoutes = routes.filter((route) => accessOf(route) !== 'public');

    it('should answer 401 "Token expired" on every protected route for a token past its exp', async () => {
      const iat = Math.floor(Date.now() / 1000) - 3600;
      const expired = jwt.sign(
        {
          id: 1,
          name: 'System Administrator',
          email: TEST_ADMIN.email,
          role: 'admin',
          is_admin: true,
          is_active: true,
          iat,
          exp: iat + 60,
        },
        await secret(),
        { algorithm: 'HS256' },
      );
      for (const route of protectedRoutes) {
        const response = await call(route, concretePath(route, institution.id, NO_SUCH_ID), expired);
        expect(`${route.key} → ${described(response)}`).toBe(
          `${route.key} → ${described({ status: 401, body: { success: false, message: 'Token expired' } })}`,
        );
      }
    });

    it('should answer 401 on every protected route for a malformed token, a forged signature or another scheme', async () => {
      const forged = jwt.sign(
        { id: 1, name: 'x', email: 'x@y.z', role: 'admin', is_admin: true, is_active: true },
        'not-the-platform-secret-at-all-000',
      );
      for (const route of protectedRoutes) {
        const path = `/api${concretePath(route, institution.id, NO_SUCH_ID)}`;
        for (const authorization of ['Bearer not.a.token', `Bearer ${forged}`, 'Basic YWRtaW46YWRtaW4=', 'Bearer']) {
          const response = await platform.request(path, { method: route.method, headers: { Authorization: authorization } });
          expect(`${route.key} ${authorization.slice(0, 12)} → ${response.status}`).toBe(
            `${route.key} ${authorization.slice(0, 12)} → 401`,
          );
        }
      }
    });
  });

  describe('When public routes are used without a token', () => {
    it('should sign in an administrator and an institution, register an institution and report health', async () => {
      const adminLogin = await platform.request('/api/admin/login', { method: 'POST', json: TEST_ADMIN });
      expect(adminLogin).toMatchObject({ status: 200, body: { success: true, token: expect.any(String) } });
      const institutionLogin = await platform.request('/api/institution/login', {
        method: 'POST',
        json: { email: institution.email, password: institution.password },
      });
      expect(institutionLogin).toMatchObject({ status: 200, body: { success: true, institutionName: institution.name } });
      const registered = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Public Route Bank', email: 'public-route@bank.test', password: 'Public-route1' },
      });
      expect(registered.status).toBe(201);
      expect((await platform.request('/api/health')).status).toBe(200);
    });

    it('should answer a password reset request without a token, the same for a known and an unknown email', async () => {
      const known = await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: institution.email } });
      const unknown = await platform.request('/api/auth/reset-password', { method: 'POST', json: { email: 'nobody@nowhere.test' } });
      expect(known.status).toBe(200);
      expect(unknown).toMatchObject({ status: known.status, body: { message: known.body.message } });
    });
  });
});
