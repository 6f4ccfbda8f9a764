import { createHash, randomBytes } from 'node:crypto';
import type { InvitationLanguage, MemberRole } from '@credit/events';
import type { OutgoingMail } from '../mail/mailOutbox';

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;

/** The web app's page that accepts an invitation (`?token=`). */
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

/**
 * An invitation token names its member (so accepting reads one stream) and carries 32 random bytes;
 * the log keeps only its SHA-256, the mail the token itself.
 */
export function newInvitationToken(memberId: number): { token: string; tokenHash: string } {
  const token = `${memberId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: invitationTokenHash(token) };
}

export const invitationTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The member a token names, or null for anything that is not a token of ours. */
export function memberOfToken(token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

const WITHHELD = '[link withheld]';

const ROLE_WORDS: Record<InvitationLanguage, Record<MemberRole, string>> = {
  en: { analyst: 'an analyst (reads results, dashboards and exports)', uploader: 'an uploader (uploads batches and reads results)' },
  fr: {
    analyst: 'analyste (consulte les résultats, les tableaux de bord et les exports)',
    uploader: 'chargé des envois (envoie les lots et consulte les résultats)',
  },
};

/** The invitation mail, in the owner's language; its redacted body (link withheld) is what the log and the sent outbox keep. */
export function invitationMail(
  source: string,
  invitation: { email: string; name: string; institutionName: string; role: MemberRole; language: InvitationLanguage; link: string },
): OutgoingMail {
  const { email, name, institutionName, role, language, link } = invitation;
  const body = (shown: string) =>
    (language === 'fr'
      ? [
          `Bonjour ${name},`,
          '',
          `${institutionName} vous invite à rejoindre son équipe sur la Credit Intelligence Platform en tant que ${ROLE_WORDS.fr[role]}.`,
          '',
          `Pour accepter et choisir votre mot de passe, ouvrez ce lien : ${shown}`,
          '',
          `Ce lien est valable ${INVITATION_TTL_HOURS} heures et ne sert qu'une fois. Si vous n'attendiez pas cette invitation, ignorez ce message.`,
          '',
        ]
      : [
          `Hello ${name},`,
          '',
          `${institutionName} invites you to join its team on the Credit Intelligence Platform as ${ROLE_WORDS.en[role]}.`,
          '',
          `To accept and choose your password, open this link: ${shown}`,
          '',
          `The link is valid for ${INVITATION_TTL_HOURS} hours and can be used once. If you did not expect this invitation, you can ignore this email.`,
          '',
        ]
    ).join('\n');
  const subject = language === 'fr' ? `Invitation à rejoindre ${institutionName}` : `You are invited to join ${institutionName}`;
  return { source, recipient: email, subject, body: body(link), redactedBody: body(WITHHELD) };
}
