import type { InstitutionRow } from '@credit/projectors/src/readModels';
import { logoUrl } from '@credit/events';

/**
 * The approvals view's status: approved while active; rejected once reviewed and inactive
 * (rejected or deactivated); pending until reviewed. Closed accounts are not listed.
 */
export const approvalStatus = (row: InstitutionRow): 'pending' | 'approved' | 'rejected' =>
  row.is_active ? 'approved' : row.status === 'pending' ? 'pending' : 'rejected';

/**
 * An institution as answered; its logo by URL (`logoUrl`, also in `logo` for the clients that read
 * that field), never the image itself: a list of institutions would otherwise carry every logo.
 */
export const toInstitution = (row: InstitutionRow, secret: string) => {
  const logo = logoUrl(secret, row.id, row.logo);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_active: row.is_active,
    status: approvalStatus(row),
    accountStatus: row.status,
    logo,
    logoUrl: logo,
    registrationNumber: `REG-${row.id}`,
    authorizationNumber: `AUTH-${row.id}`,
    rejectionReason: row.rejection_reason,
    deactivationComment: row.deactivation_comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    approvedAt: row.approved_at,
  };
};
