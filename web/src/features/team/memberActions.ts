import type { DatabaseAccess, TeamMember } from './teamApi';

export type MemberAction =
  'resend' | 'makeAnalyst' | 'makeUploader' | 'suspend' | 'reactivate' | 'issueAccess' | 'revokeAccess' | 'remove' | 'cancelInvitation';

/** What the owner may do with a member in its current status (the server decides again; this only offers). */
export function memberActions(member: TeamMember, access: DatabaseAccess | undefined): MemberAction[] {
  switch (member.status) {
    case 'invited':
      return ['resend', 'cancelInvitation'];
    case 'active':
      return [member.role === 'analyst' ? 'makeUploader' : 'makeAnalyst', access ? 'revokeAccess' : 'issueAccess', 'suspend', 'remove'];
    case 'suspended':
      return [...(access ? (['revokeAccess'] as const) : []), 'reactivate', 'remove'];
    default:
      return [];
  }
}
