import { memberActions } from './memberActions';
import type { TeamMember } from './teamApi';

const member = (status: TeamMember['status'], role: TeamMember['role'] = 'analyst'): TeamMember => ({
  id: 1,
  email: 'ana@bank.test',
  name: 'Ana',
  role,
  status,
  invitedAt: '2026-01-01T00:00:00Z',
  invitationExpiresAt: null,
  joinedAt: null,
});
const access = { role: 'analyst_1', memberId: 1, label: '', issuedAt: '2026-01-02T00:00:00Z', revokedAt: null };

describe('The actions offered for a member', () => {
  it('should offer sending again or cancelling an invitation not yet accepted', () => {
    expect(memberActions(member('invited'), undefined)).toEqual(['resend', 'cancelInvitation']);
  });

  it('should offer the other role, database access by whether one is held, suspension and removal to an active member', () => {
    expect(memberActions(member('active'), undefined)).toEqual(['makeUploader', 'issueAccess', 'suspend', 'remove']);
    expect(memberActions(member('active', 'uploader'), access)).toEqual(['makeAnalyst', 'revokeAccess', 'suspend', 'remove']);
  });

  it('should offer reactivation to a suspended member, revoking an access still held, and nothing for a removed one', () => {
    expect(memberActions(member('suspended'), access)).toEqual(['revokeAccess', 'reactivate', 'remove']);
    expect(memberActions(member('suspended'), undefined)).toEqual(['reactivate', 'remove']);
    expect(memberActions(member('removed'), undefined)).toEqual([]);
  });
});
