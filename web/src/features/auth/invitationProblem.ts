/** Why an invitation link cannot be used: the page then says so instead of asking for a password. */
export type InvitationProblem = 'invalid' | 'expired' | 'used';

/** An invitation token as the server mails it: the member's id, a dot, 32 random bytes in base64url. */
export const looksLikeInvitationToken = (token: string): boolean => /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43}$/.test(token);

/** The server's refusal of an invitation (command-api/src/team/decideMember.ts), or null for any other message. */
export function invitationProblem(message: string | null): InvitationProblem | null {
  if (message === null) return null;
  if (message.startsWith('This invitation has expired')) return 'expired';
  if (message.startsWith('This invitation has already been used')) return 'used';
  if (message.startsWith('This invitation link is not valid')) return 'invalid';
  return null;
}
