import { identityFigures, sameDayLastMonth } from './asOf';

describe('Same day last month', () => {
  it.each([
    ['2026-11-22T15:04:05.000Z', '2026-10-22T15:04:05.000Z'],
    ['2026-01-15T08:00:00.000Z', '2025-12-15T08:00:00.000Z'],
    ['2026-03-31T12:00:00.000Z', '2026-02-28T12:00:00.000Z'],
    ['2024-03-31T12:00:00.000Z', '2024-02-29T12:00:00.000Z'],
    ['2026-05-31T23:59:59.999Z', '2026-04-30T23:59:59.999Z'],
  ])('should take %s back to %s', (now, then) => {
    expect(sameDayLastMonth(new Date(now)).toISOString()).toBe(then);
  });
});

describe('Identity figures', () => {
  it('should count accounts until closed, active and pending institutions, and active administrators', () => {
    expect(
      identityFigures([
        { account: 'institution', status: 'pending', count: 2 },
        { account: 'institution', status: 'approved', count: 5 },
        { account: 'institution', status: 'rejected', count: 1 },
        { account: 'institution', status: 'deactivated', count: 1 },
        { account: 'institution', status: 'closed', count: 3 },
        { account: 'admin', status: 'active', count: 2 },
        { account: 'admin', status: 'inactive', count: 4 },
      ]),
    ).toEqual({ institutionAccounts: 9, activeInstitutions: 5, pendingApprovals: 2, activeAdmins: 2 });
  });
});
