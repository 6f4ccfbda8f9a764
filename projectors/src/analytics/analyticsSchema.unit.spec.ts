import { analyticsRolesOf } from './analyticsSchema';

describe("The analytics group roles' names (roles are shared by every database of a server)", () => {
  it('keeps a plain database name as it is', () => {
    expect(analyticsRolesOf('credit')).toEqual({ prefix: 'credit', owner: 'credit_analytics_owner', reader: 'credit_analytics_reader' });
    expect(analyticsRolesOf('t_0a1b2c3d4e5f').prefix).toBe('t_0a1b2c3d4e5f');
  });

  it('gives databases whose names only look alike different roles', () => {
    const names = [
      'credit_production_institution_one',
      'credit_production_institution_two',
      'Credit',
      'credit-2',
      'credit_2',
      '2credit',
      'dcredit',
      'crédit',
    ];
    const prefixes = names.map((name) => analyticsRolesOf(name).prefix);
    expect(new Set([...prefixes, 'credit']).size).toBe(names.length + 1);
    for (const prefix of prefixes) {
      expect(prefix).toMatch(/^[a-z][a-z0-9_]*$/);
      // The longest role built on it, an access's `<prefix>_a_<10>`, or `<prefix>_analytics_reader`, fits PostgreSQL's 63 bytes.
      expect(`${prefix}_analytics_reader`.length).toBeLessThanOrEqual(63);
    }
  });

  it('names the same database the same way every time', () => {
    expect(analyticsRolesOf('credit_production_institution_one')).toEqual(analyticsRolesOf('credit_production_institution_one'));
  });
});
