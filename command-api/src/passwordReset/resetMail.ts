import type { OutgoingMail } from '../mail/mailOutbox';

const WITHHELD = '[code withheld]';

const duration = (seconds: number): string =>
  seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} second${seconds === 1 ? '' : 's'}`;

/** The reset mail; its redacted body replaces the code, for the log and for the outbox once sent. */
export function resetMail(source: string, to: { email: string; name: string }, code: string, validForSeconds: number): OutgoingMail {
  const body = (shown: string) =>
    [
      `Hello ${to.name},`,
      '',
      `Your password reset code for the Credit Intelligence Platform is: ${shown}`,
      '',
      `It is valid for ${duration(validForSeconds)} and can be used once. If you did not ask to reset your password,`,
      'you can ignore this email: your password stays unchanged.',
      '',
    ].join('\n');
  return { source, recipient: to.email, subject: 'Your password reset code', body: body(code), redactedBody: body(WITHHELD) };
}
