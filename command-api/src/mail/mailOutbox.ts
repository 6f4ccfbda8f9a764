import type { Knex } from 'knex';

export const MAIL_OUTBOX = 'mail_outbox';

/**
 * A mail waiting to be sent. `redactedBody` is set when the body holds a secret (a reset code):
 * it is what the log shows instead, and what stays in the outbox once the mail has left by SMTP.
 */
export type OutgoingMail = { source: string; recipient: string; subject: string; body: string; redactedBody?: string };

/** Queues a mail once per source: a retried command or a replay never sends it twice. */
export async function enqueueMail(knex: Knex, mail: OutgoingMail): Promise<void> {
  try {
    await insertMail(knex, mail);
  } catch (error) {
    // Knex attaches the query's bindings (the body, maybe a reset code) to some errors; none may reach the log.
    throw new Error(`The mail could not be queued: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
}

async function insertMail(knex: Knex, mail: OutgoingMail): Promise<void> {
  await knex(MAIL_OUTBOX)
    .insert({
      source: mail.source,
      recipient: mail.recipient,
      subject: mail.subject,
      body: mail.body,
      redacted_body: mail.redactedBody ?? null,
    })
    .onConflict('source')
    .ignore();
}

/**
 * The retention policy's part of the outbox: a mail sent more than `days` ago keeps its row (its
 * source, so a replay never sends it again) but forgets its recipient and body.
 */
export async function forgetSentMails(knex: Knex, days: number): Promise<number> {
  return knex(MAIL_OUTBOX)
    .whereNotNull('sent_at')
    .where('sent_at', '<', knex.raw(`now() - make_interval(days => ?)`, [days]))
    .whereNot('recipient', '')
    .update({ recipient: '', body: '', redacted_body: null });
}
