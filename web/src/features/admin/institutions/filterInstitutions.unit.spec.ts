import { filterInstitutions } from './filterInstitutions';
import type { Institution } from './institutionsApi';

const NOW = new Date('2026-06-30T12:00:00Z');
const institution = (id: number, name: string, active: boolean, createdAt: string): Institution => ({
  id,
  name,
  email: `desk@${name.toLowerCase().replace(/\W+/g, '')}.test`,
  is_active: active,
  status: 'approved',
  accountStatus: active ? 'active' : 'inactive',
  logoUrl: null,
  registrationNumber: `REG-00${id}`,
  authorizationNumber: `AUTH-${id}`,
  rejectionReason: null,
  deactivationComment: null,
  createdAt,
  updatedAt: createdAt,
  approvedAt: null,
});

const ALL = [
  institution(1, 'Banque Atlantique', true, '2026-06-20T09:00:00Z'),
  institution(2, 'Caisse Mutuelle', false, '2026-05-01T09:00:00Z'),
  institution(3, 'Crédit du Sahel', true, '2025-01-01T09:00:00Z'),
];
const ids = (list: Institution[]) => list.map((item) => item.id);

describe('filterInstitutions', () => {
  it('keeps everything with no filter', () => {
    expect(ids(filterInstitutions(ALL, { search: '', status: 'all', period: 'all' }, NOW))).toEqual([1, 2, 3]);
  });

  it('filters by status', () => {
    expect(ids(filterInstitutions(ALL, { search: '', status: 'active', period: 'all' }, NOW))).toEqual([1, 3]);
    expect(ids(filterInstitutions(ALL, { search: '', status: 'inactive', period: 'all' }, NOW))).toEqual([2]);
  });

  it('filters by registration period', () => {
    expect(ids(filterInstitutions(ALL, { search: '', status: 'all', period: 'last30' }, NOW))).toEqual([1]);
    expect(ids(filterInstitutions(ALL, { search: '', status: 'all', period: 'last90' }, NOW))).toEqual([1, 2]);
    expect(ids(filterInstitutions(ALL, { search: '', status: 'all', period: 'older' }, NOW))).toEqual([3]);
  });

  it('searches name, email and registration number in any case, trimmed, with the other filters', () => {
    expect(ids(filterInstitutions(ALL, { search: '  SAHEL ', status: 'all', period: 'all' }, NOW))).toEqual([3]);
    expect(ids(filterInstitutions(ALL, { search: 'desk@caisse', status: 'all', period: 'all' }, NOW))).toEqual([2]);
    expect(ids(filterInstitutions(ALL, { search: 'reg-001', status: 'all', period: 'all' }, NOW))).toEqual([1]);
    expect(ids(filterInstitutions(ALL, { search: 'reg-00', status: 'active', period: 'older' }, NOW))).toEqual([3]);
  });
});
