import { newEventId } from '@credit/events';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

type Entry = {
  id: number;
  eventType: string;
  timestamp: string;
  user: string;
  actor: { id: string; role: string; name: string };
  action: string;
  description: string;
  ip: string | null;
  institutionId: number | null;
};

describe('Audit log', () => {
  let platform: TestPlatform;
  let admin: string;
  let ecobank: TestInstitution;
  let other: TestInstitution;
  let lastPosition = 0;

  const audit = async (path: string, token = admin) => {
    const response = await platform.request(path, { headers: { ...bearer(token), 'X-Min-Position': String(lastPosition) } });
    return response;
  };
  const logs = async (query: string, token = admin): Promise<Entry[]> => {
    const response = await audit(`/api/admin/audit?${query}`, token);
    expect(response.status).toBe(200);
    return response.body.data.logs;
  };
  const remember = <T extends { body: { position?: number } }>(response: T): T => {
    lastPosition = Math.max(lastPosition, response.body.position ?? 0);
    return response;
  };
  const head = async () => {
    lastPosition = (await platform.store.head()).position;
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    ecobank = await approvedInstitution(platform, admin, 'Ecobank Douala');
    other = await approvedInstitution(platform, admin, 'Afriland Yaoundé');
    // Two events of a day long past, to pin the date filters to whole days.
    await platform.store.append('institution-800001', [
      {
        id: newEventId(),
        type: 'InstitutionRegistered',
        data: {
          institutionId: 800001,
          name: 'Backdated Bank',
          email: 'old@backdated.test',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA',
        },
        metadata: {
          actor: { id: '800001', role: 'institution', name: 'Backdated Bank' },
          institutionId: 800001,
          correlationId: 'backdated-1',
          occurredAt: '2025-03-10T23:59:30.000Z',
          ip: '10.9.8.7',
        },
      },
      {
        id: newEventId(),
        type: 'InstitutionApproved',
        data: { institutionId: 800001 },
        metadata: {
          actor: { id: '1', role: 'admin', name: 'System Administrator' },
          institutionId: 800001,
          correlationId: 'backdated-2',
          occurredAt: '2025-03-11T00:00:00.000Z',
        },
      },
    ]);
    await head();
  });
  afterAll(async () => platform.close());

  describe('When institutions register and are reviewed', () => {
    it('should describe registration, approval and rejection in plain English', async () => {
      const registered = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Rejected Credit Union', email: 'rcu@union.test', password: 'Rejected-pass1' },
      });
      const id = registered.body.data.id;
      remember(
        await platform.request(`/api/admin/institutions/${id}/reject`, {
          method: 'POST',
          headers: bearer(admin),
          json: { reason: 'Licence number could not be verified' },
        }),
      );
      const rows = await logs('limit=100');
      const descriptions = rows.map((row) => row.description);
      expect(descriptions).toEqual(
        expect.arrayContaining([
          'Institution Ecobank Douala registered',
          `Approved institution REG-${ecobank.id}`,
          'Institution Rejected Credit Union registered',
          `Rejected institution REG-${id}: Licence number could not be verified`,
        ]),
      );
      const approval = rows.find((row) => row.description === `Approved institution REG-${ecobank.id}`);
      expect(approval).toMatchObject({
        action: 'update',
        user: 'System Administrator',
        actor: { role: 'admin' },
        institutionId: ecobank.id,
      });
      expect(approval?.ip).toEqual(expect.any(String));
    });

    it('should never show a password, its hash or a reset code', async () => {
      const all = await logs('limit=100');
      const text = JSON.stringify(all);
      expect(text).not.toContain('$argon2id$');
      expect(text).not.toContain(ecobank.password);
      expect(text).not.toContain('Rejected-pass1');
      expect(text).not.toMatch(/passwordHash|codeHash/);
    });
  });

  describe('When users sign in, fail to sign in and sign out', () => {
    it('should show sign-ins and failed sign-ins as login rows, and logout as a logout row', async () => {
      const failed = await platform.request('/api/institution/login', {
        method: 'POST',
        json: { email: ecobank.email, password: 'not-the-password' },
      });
      expect(failed.status).toBe(401);
      const logout = remember(await platform.request('/api/institution/logout', { method: 'POST', headers: bearer(ecobank.token) }));
      expect(logout.status).toBe(200);
      // Signing out ended the session: the tests after this one need a new one.
      const again = await platform.request('/api/institution/login', {
        method: 'POST',
        json: { email: ecobank.email, password: ecobank.password },
      });
      ecobank = { ...ecobank, token: again.body.token as string };
      await head();

      const logins = await logs('action=login&limit=100');
      expect(logins.every((row) => row.action === 'login')).toBe(true);
      expect(logins.map((row) => row.description)).toEqual(
        expect.arrayContaining([`Failed sign-in for ${ecobank.email} (wrong password)`, `Institution ${ecobank.email} signed in`]),
      );
      const logouts = await logs('action=logout');
      expect(logouts).toEqual([
        expect.objectContaining({
          action: 'logout',
          eventType: 'UserSignedOut',
          description: `Institution REG-${ecobank.id} signed out`,
          // The same sentence as a code and parts, for a page in another language.
          descriptionCode: 'UserSignedOut.institution',
          descriptionParams: { id: String(ecobank.id) },
          user: 'Ecobank Douala',
          institutionId: ecobank.id,
        }),
      ]);
    });
  });

  describe('When filtering', () => {
    it('should match the actor by name or by id', async () => {
      const byName = await logs('actor=ecobank&limit=100');
      expect(byName.length).toBeGreaterThan(0);
      expect(byName.every((row) => row.actor.name === 'Ecobank Douala')).toBe(true);
      const byId = await logs(`actor=${ecobank.id}&limit=100`);
      expect(byId.length).toBeGreaterThan(0);
      expect(byId.every((row) => row.actor.id === String(ecobank.id) || row.actor.name.includes(String(ecobank.id)))).toBe(true);
    });

    it('should filter by institution and by text in the description, the actor name or the ip', async () => {
      const mine = await logs(`institutionId=${other.id}&limit=100`);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((row) => row.institutionId === other.id)).toBe(true);
      const text = await logs('search=yaoundé&limit=100');
      expect(text.map((row) => row.description)).toContain('Institution Afriland Yaoundé registered');
      expect(text.every((row) => `${row.description} ${row.user} ${row.ip}`.toLowerCase().includes('yaoundé'))).toBe(true);
      expect((await logs('search=10.9.8')).map((row) => row.description)).toEqual(['Institution Backdated Bank registered']);
      expect(await logs('search=100%25_sure')).toEqual([]);
    });

    it('should count the dateTo day in full and start dateFrom at its midnight', async () => {
      const onTheDay = await logs('dateFrom=2025-03-10&dateTo=2025-03-10');
      expect(onTheDay.map((row) => row.eventType)).toEqual(['InstitutionRegistered']);
      const nextDay = await logs('dateFrom=2025-03-11&dateTo=2025-03-11');
      expect(nextDay.map((row) => row.eventType)).toEqual(['InstitutionApproved']);
      const both = await logs('dateTo=2025-03-11');
      expect(both.map((row) => row.eventType)).toEqual(['InstitutionApproved', 'InstitutionRegistered']);
      const today = new Date().toISOString().slice(0, 10);
      const sinceToday = await logs(`dateFrom=${today}&limit=100`);
      expect(sinceToday.length).toBeGreaterThan(0);
      expect(sinceToday.some((row) => row.eventType === 'InstitutionRegistered' && row.description.includes('Backdated'))).toBe(false);
    });

    it('should refuse filters it cannot read', async () => {
      for (const query of ['action=delete', 'dateFrom=yesterday', 'page=0', 'limit=-3', 'institutionId=abc']) {
        const response = await audit(`/api/admin/audit?${query}`);
        expect(response.status).toBe(400);
        expect(response.body.success).toBe(false);
      }
    });
  });

  describe('When paging', () => {
    it('should page newest first with a real total and page count, and cap the limit at 100', async () => {
      const first = await audit('/api/admin/audit?page=1&limit=3');
      const second = await audit('/api/admin/audit?page=2&limit=3');
      const { total } = first.body.data.pagination;
      expect(total).toBeGreaterThan(6);
      expect(first.body.data.pagination).toEqual({ total, page: 1, limit: 3, totalPages: Math.ceil(total / 3) });
      expect(second.body.data.pagination).toMatchObject({ total, page: 2 });
      const ids = [...first.body.data.logs, ...second.body.data.logs].map((row: Entry) => row.id);
      expect(new Set(ids).size).toBe(6);
      const everything = await logs('limit=100');
      expect(everything.slice(0, 6).map((row) => row.id)).toEqual(ids);
      const times = everything.map((row) => Date.parse(row.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const defaults = await audit('/api/admin/audit');
      expect(defaults.body.data.pagination).toMatchObject({ page: 1, limit: 20 });
      const capped = await audit('/api/admin/audit?limit=500');
      expect(capped.body.data.pagination.limit).toBe(100);
      const beyond = await audit(`/api/admin/audit?page=${first.body.data.pagination.totalPages + 1}&limit=3`);
      expect(beyond.body.data.logs).toEqual([]);
    });
  });

  describe('When an institution reads its own activity', () => {
    it('should see only events about itself, and never another institution’s', async () => {
      const own = await audit('/api/institution/audit?limit=100', ecobank.token);
      expect(own.status).toBe(200);
      const rows: Entry[] = own.body.data.logs;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.institutionId === ecobank.id)).toBe(true);
      expect(rows.map((row) => row.description)).toContain(`Approved institution REG-${ecobank.id}`);
      const forced = await audit(`/api/institution/audit?institutionId=${other.id}`, ecobank.token);
      expect(forced.body.data.logs.every((row: Entry) => row.institutionId === ecobank.id)).toBe(true);

      const byId = await audit(`/api/institution/${ecobank.id}/audit?limit=100`, ecobank.token);
      expect(byId.body.data.pagination.total).toBe(own.body.data.pagination.total);
      const theirs = await audit(`/api/institution/${other.id}/audit`, ecobank.token);
      expect([403, 404]).toContain(theirs.status);
      expect(JSON.stringify(theirs.body)).not.toContain('Afriland');
      const asAdmin = await audit(`/api/institution/${other.id}/audit`);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.data.logs.every((row: Entry) => row.institutionId === other.id)).toBe(true);
    });

    it('should keep institutions out of the admin audit log', async () => {
      expect((await audit('/api/admin/audit', ecobank.token)).status).toBe(403);
      expect((await platform.request('/api/admin/audit')).status).toBe(401);
    });
  });
});
