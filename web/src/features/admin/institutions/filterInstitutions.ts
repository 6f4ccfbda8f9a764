import type { Institution } from './institutionsApi';
import { registeredWithin, type RegisteredFilter } from './registeredWithin';

export const USER_STATUSES = ['all', 'active', 'inactive'] as const;
export const USER_PERIODS: readonly RegisteredFilter[] = ['all', 'last30', 'last90', 'older'];
export type UserStatus = (typeof USER_STATUSES)[number];
export type UserFilters = { search: string; status: UserStatus; period: RegisteredFilter };

/** User Management's list: active or not, registered when, and the search in name, email or registration number (any case). */
export function filterInstitutions(
  institutions: readonly Institution[],
  { search, status, period }: UserFilters,
  now: Date,
): Institution[] {
  const needle = search.trim().toLowerCase();
  return institutions.filter(
    (institution) =>
      (status === 'all' || institution.is_active === (status === 'active')) &&
      registeredWithin(institution.createdAt, period, now) &&
      (needle === '' ||
        [institution.name, institution.email, institution.registrationNumber].some((text) => text.toLowerCase().includes(needle))),
  );
}
