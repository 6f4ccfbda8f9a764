/**
 * The status of an institution's and of an administrator's account: one fold each, read by the
 * deciders, the identity projection and the status history the dashboard counts from, so no reader
 * maps events to a status of its own. The status is the one its last status event left it in.
 */
import { isEventOf } from '../catalogue';
import type { RecordedEvent } from '../eventStore';
import {
  adminCreated,
  adminDeactivated,
  adminRoleChanged,
  type AdminRole,
  institutionActivated,
  institutionApproved,
  institutionClosed,
  institutionDeactivated,
  institutionRegistered,
  institutionRejected,
} from './identityEvents';

export type InstitutionStatus = 'pending' | 'approved' | 'rejected' | 'deactivated' | 'closed';

const INSTITUTION_STATUS_AFTER: Readonly<Record<string, InstitutionStatus>> = {
  InstitutionRegistered: 'pending',
  InstitutionApproved: 'approved',
  InstitutionActivated: 'approved',
  InstitutionRejected: 'rejected',
  InstitutionDeactivated: 'deactivated',
  InstitutionClosed: 'closed',
};

const institutionStatusEvents = [
  institutionRegistered,
  institutionApproved,
  institutionActivated,
  institutionRejected,
  institutionDeactivated,
  institutionClosed,
];

/** The events that move an institution's status. */
export const INSTITUTION_STATUS_EVENTS: readonly string[] = institutionStatusEvents.map((definition) => definition.type);
export const isInstitutionStatusEvent = isEventOf(institutionStatusEvents);

/** An institution's status after `event`: the status it names, or the one before for any other event. */
export const evolveInstitutionStatus = <Before extends InstitutionStatus | 'none'>(
  status: Before,
  event: { type: string },
): InstitutionStatus | Before => INSTITUTION_STATUS_AFTER[event.type] ?? status;

/** An institution may work (sign in, upload) only while approved. */
export const isInstitutionActive = (status: InstitutionStatus | 'none'): boolean => status === 'approved';

/** Every institution the platform still holds an account for (a closed one is gone). */
export const isInstitutionAccount = (status: InstitutionStatus | 'none'): boolean => status !== 'none' && status !== 'closed';

export type AdminStatus = 'active' | 'inactive';

const ADMIN_STATUS_AFTER: Readonly<Record<string, AdminStatus>> = { AdminCreated: 'active', AdminDeactivated: 'inactive' };

const adminStatusEvents = [adminCreated, adminDeactivated];

/** The events that move an administrator's status. */
export const ADMIN_STATUS_EVENTS: readonly string[] = adminStatusEvents.map((definition) => definition.type);
export const isAdminStatusEvent = isEventOf(adminStatusEvents);

/** An administrator's status after `event`: the status it names, or the one before for any other event. */
export const evolveAdminStatus = <Before extends AdminStatus | 'none'>(status: Before, event: { type: string }): AdminStatus | Before =>
  ADMIN_STATUS_AFTER[event.type] ?? status;

/** Every administrator account's role and status, by id: what the last-administrator rules count. */
export type AdminAccounts = Map<number, { role: AdminRole; status: AdminStatus }>;

const adminAccountEvents = [adminCreated, adminRoleChanged, adminDeactivated];

/** The events that change an administrator account's role or status. */
export const ADMIN_ACCOUNT_EVENTS: readonly string[] = adminAccountEvents.map((definition) => definition.type);
const isAdminAccountEvent = isEventOf(adminAccountEvents);

/** The accounts after `event` (updated in place: a count folds thousands of events): the status by the status fold. */
export function evolveAdminAccounts(accounts: AdminAccounts, event: RecordedEvent): AdminAccounts {
  if (!isAdminAccountEvent(event)) return accounts;
  const account = accounts.get(event.data.adminId);
  if (event.type === 'AdminCreated') {
    const status = evolveAdminStatus('none', event);
    if (status !== 'none') accounts.set(event.data.adminId, { role: event.data.role, status });
  } else if (account && event.type === 'AdminRoleChanged') {
    account.role = event.data.role;
  } else if (account) {
    account.status = evolveAdminStatus(account.status, event);
  }
  return accounts;
}

/** Active accounts with the administrator role (auditors are not counted). */
export const activeAdministrators = (accounts: AdminAccounts): number =>
  [...accounts.values()].filter((account) => account.status === 'active' && account.role === 'administrator').length;
