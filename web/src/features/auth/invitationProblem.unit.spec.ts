import { invitationProblem, looksLikeInvitationToken } from './invitationProblem';

describe('Invitation links', () => {
  it('should take only a token of the mailed shape', () => {
    expect(looksLikeInvitationToken(`12.${'a'.repeat(43)}`)).toBe(true);
    expect(looksLikeInvitationToken('')).toBe(false);
    expect(looksLikeInvitationToken(`0.${'a'.repeat(43)}`)).toBe(false);
    expect(looksLikeInvitationToken(`12.${'a'.repeat(42)}`)).toBe(false);
    expect(looksLikeInvitationToken(`12.${'a'.repeat(42)}!`)).toBe(false);
  });

  it("should tell an expired, a used and an invalid link apart by the server's message, and nothing else", () => {
    expect(invitationProblem('This invitation has expired. Please ask your institution to send it again.')).toBe('expired');
    expect(invitationProblem('This invitation has already been used. Please sign in.')).toBe('used');
    expect(invitationProblem('This invitation link is not valid')).toBe('invalid');
    expect(invitationProblem('Password must be at least 8 characters')).toBeNull();
    expect(invitationProblem(null)).toBeNull();
  });
});
