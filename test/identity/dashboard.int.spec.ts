import { domainCatalogue, newEventId, type NewEvent } from '@credit/events';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const DAY = 24 * 60 * 60 * 1000;
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA';
const FIGURES = ['totalUsers', 'activeInstitutions', 'pendingApprovals', 'systemParameters'] as const;

type Figure = { value: number; lastMonth: number; change: number };
type Dashboard = Record<(typeof FIGURES)[number], Figure> & { recentActivity: { id: number }[]; comparedWith: string };

const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const event = (type: string, data: Record<string, unknown>, days: number, institutionId: number | null = null): NewEvent => ({
  id: newEventId(),
  type,
  data,
  metadata: {
    actor: { id: '1', role: 'admin', name: 'Backdating test' },
    institutionId,
    correlationId: `dashboard-${type}`,
    occurredAt: daysAgo(days),
  },
});
const template = (parameterId: number, isActive: boolean) => ({
  parameterId,
  name: `Template ${parameterId}`,
  description: 'Dashboard test template',
  recommendedRange: '0-100',
  impact: 'medium',
  defaultValue: 1,
  isActive,
  isRequired: false,
  isInstitutionSpecific: false,
  normalizationFormula: null,
});

describe('Admin dashboard', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const dashboard = async (): Promise<Dashboard> => {
    const position = (await platform.store.head()).position;
    const response = await platform.request('/api/admin/dashboard', { headers: { ...bearer(admin), 'X-Min-Position': String(position) } });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  const institution = async (id: number, history: [type: string, days: number, extra?: Record<string, unknown>][]) =>
    platform.store.append(
      `institution-${id}`,
      history.map(([type, days, extra]) =>
        event(
          type,
          type === 'InstitutionRegistered'
            ? { institutionId: id, name: `Bank ${id}`, email: `bank-${id}@dashboard.test`, passwordHash: HASH }
            : { institutionId: id, ...extra },
          days,
          id,
        ),
      ),
    );

  describe('When the identity and model history straddles the same day last month', () => {
    it('should give each figure now, as it stood then, and the exact change', async () => {
      const before = await dashboard();

      await institution(700001, [
        ['InstitutionRegistered', 60],
        ['InstitutionApproved', 58],
      ]);
      await institution(700002, [
        ['InstitutionRegistered', 60],
        ['InstitutionClosed', 1],
      ]);
      await institution(700003, [['InstitutionRegistered', 2]]);
      await institution(700004, [
        ['InstitutionRegistered', 60],
        ['InstitutionApproved', 59],
        ['InstitutionDeactivated', 3, { comment: 'x' }],
      ]);
      await institution(700005, [
        ['InstitutionRegistered', 2],
        ['InstitutionRejected', 1, { reason: 'Incomplete file' }],
      ]);
      await institution(700006, [['InstitutionRegistered', 60]]);
      await platform.store.append('admin-700007', [
        event(
          'AdminCreated',
          { adminId: 700007, name: 'Old Admin', email: 'old@admins.test', passwordHash: HASH, role: 'administrator' },
          60,
        ),
        event('AdminDeactivated', { adminId: 700007 }, 1),
      ]);
      await platform.store.append('admin-700008', [
        event(
          'AdminCreated',
          { adminId: 700008, name: 'New Admin', email: 'new@admins.test', passwordHash: HASH, role: 'administrator' },
          1,
        ),
      ]);
      const templatesKnown = domainCatalogue().has('ParameterTemplateCreated');
      if (templatesKnown) {
        await platform.store.append('dashboard-test-templates', [
          event('ParameterTemplateCreated', { ...template(9001, true), uniqueCode: 9001 }, 60),
          event('ParameterTemplateCreated', { ...template(9002, true), uniqueCode: 9002 }, 60),
          event('ParameterTemplateCreated', { ...template(9003, true), uniqueCode: 9003 }, 60),
          event('ParameterTemplateCreated', { ...template(9004, false), uniqueCode: 9004 }, 60),
          event('ParameterTemplateUpdated', template(9001, false), 1),
          event('ParameterTemplateDeleted', { parameterId: 9003 }, 2),
          event('ParameterTemplateCreated', { ...template(9005, true), uniqueCode: 9005 }, 2),
          event('ParameterTemplateUpdated', template(9004, true), 3),
        ]);
      }

      const after = await dashboard();
      const moved = (name: (typeof FIGURES)[number]) => ({
        value: after[name].value - before[name].value,
        lastMonth: after[name].lastMonth - before[name].lastMonth,
      });
      // Now: institutions 700001, 03, 04, 05, 06 and admin 08; then: institutions 01, 02, 04, 06 and admin 07.
      expect(moved('totalUsers')).toEqual({ value: 6, lastMonth: 5 });
      expect(moved('activeInstitutions')).toEqual({ value: 1, lastMonth: 2 });
      expect(moved('pendingApprovals')).toEqual({ value: 2, lastMonth: 2 });
      // Now: 9002, 9004 (activated), 9005; then: 9001, 9002, 9003.
      expect(moved('systemParameters')).toEqual(templatesKnown ? { value: 3, lastMonth: 3 } : { value: 0, lastMonth: 0 });
      for (const name of FIGURES) expect(after[name].change).toBe(after[name].value - after[name].lastMonth);
      const comparedWith = Date.parse(after.comparedWith);
      expect(Date.now() - comparedWith).toBeGreaterThanOrEqual(27 * DAY);
      expect(Date.now() - comparedWith).toBeLessThanOrEqual(32 * DAY);
    });

    it('should count the identity figures now exactly as the institution and admin lists show them', async () => {
      await approvedInstitution(platform, admin);
      const now = await dashboard();
      const position = String((await platform.store.head()).position);
      const headers = { ...bearer(admin), 'X-Min-Position': position };
      const institutions = (await platform.request('/api/institution/getAllInstitutions', { headers })).body.data;
      const admins = (await platform.request('/api/admin/getAllAdmins', { headers })).body.data;
      const activeAdmins = admins.filter((row: { is_active: boolean }) => row.is_active).length;
      expect(now.totalUsers.value).toBe(institutions.length + activeAdmins);
      expect(now.activeInstitutions.value).toBe(institutions.filter((row: { is_active: boolean }) => row.is_active).length);
      expect(now.pendingApprovals.value).toBe(institutions.filter((row: { status: string }) => row.status === 'pending').length);
    });
  });

  describe('When showing recent activity', () => {
    it('should list the latest ten audit rows, newest first', async () => {
      const now = await dashboard();
      const latest = await platform.request('/api/admin/audit?limit=10', { headers: bearer(admin) });
      expect(now.recentActivity).toHaveLength(10);
      expect(now.recentActivity).toEqual(latest.body.data.logs);
    });
  });

  describe('When charting the last 12 months', () => {
    it('should count registrations, approvals and batches per month, as the audit log has them', async () => {
      await institution(880001, [
        ['InstitutionRegistered', 70],
        ['InstitutionApproved', 69],
      ]);
      await institution(880002, [['InstitutionRegistered', 400]]);
      const { monthly } = (await dashboard()) as unknown as {
        monthly: { month: string; registrations: number; approvals: number; batches: number }[];
      };
      expect(monthly).toHaveLength(12);
      expect(monthly[11].month).toBe(new Date().toISOString().slice(0, 7));
      const audit = await platform
        .knex('audit_log')
        .whereIn('event_type', ['InstitutionRegistered', 'InstitutionApproved'])
        .select('event_type', 'occurred_at');
      for (const { month, registrations, approvals } of monthly) {
        const inMonth = (type: string) =>
          audit.filter((row) => row.event_type === type && new Date(row.occurred_at).toISOString().slice(0, 7) === month).length;
        expect({ month, registrations, approvals }).toEqual({
          month,
          registrations: inMonth('InstitutionRegistered'),
          approvals: inMonth('InstitutionApproved'),
        });
      }
      const seventyDaysAgo = new Date(Date.now() - 70 * 86_400_000).toISOString().slice(0, 7);
      expect(monthly.find((row) => row.month === seventyDaysAgo)!.registrations).toBeGreaterThanOrEqual(1);
      expect(monthly.reduce((sum, row) => sum + row.registrations, 0)).toBe(
        audit.filter(
          (row) => row.event_type === 'InstitutionRegistered' && new Date(row.occurred_at) >= new Date(`${monthly[0].month}-01T00:00:00Z`),
        ).length,
      );
    });
  });

  describe('When someone other than an admin asks', () => {
    it('should refuse institutions with 403 and anonymous callers with 401', async () => {
      const institution = await approvedInstitution(platform, admin);
      expect((await platform.request('/api/admin/dashboard', { headers: bearer(institution.token) })).status).toBe(403);
      expect((await platform.request('/api/admin/dashboard')).status).toBe(401);
    });
  });
});
