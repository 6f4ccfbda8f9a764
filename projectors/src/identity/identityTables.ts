import type { AdminRole, AdminStatus, InstitutionStatus } from '@credit/events';

/**
 * The identity read model's tables, as `identityProjection`'s migrations create them, and their rows:
 * the one place every reader (the projection writing them, the query side reading them) takes their
 * names and columns from, so a renamed column breaks at compile time wherever it is read.
 */
export const INSTITUTIONS = 'institutions';
export const ADMINS = 'admins';

/** An institution's row; `status` is its account status, `is_active` true exactly while it is approved. */
export type InstitutionRow = {
  id: number;
  name: string;
  email: string;
  status: string;
  is_active: boolean;
  logo: string | null;
  rejection_reason: string | null;
  deactivation_comment: string | null;
  created_at: Date;
  updated_at: Date;
  approved_at: Date | null;
  closed_at: Date | null;
};

export type AdminRow = {
  id: number;
  name: string;
  email: string;
  /** `administrator` or `auditor` (AdminRole). */
  role: AdminRole;
  is_active: boolean;
  profile_photo: string | null;
  created_at: Date;
  updated_at: Date;
};

/** Every change of an account's status, by log position: what the dashboard counts as it stood on a past day. */
export const ACCOUNT_STATUS_HISTORY = 'account_status_history';

/** An account and its status: an institution's or an administrator's, each with its own statuses. */
export type AccountStatus = { account: 'institution'; status: InstitutionStatus } | { account: 'admin'; status: AdminStatus };

export type AccountStatusRow = AccountStatus & { position: string; account_id: number; changed_at: Date };
