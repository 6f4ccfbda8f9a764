import type { Knex } from 'knex';
import { MAIL_OUTBOX, smtpMailer, type Mailer } from '@credit/command-api';
import type { AppLogger } from './logger';

export type MailSenderOptions = {
  knex: Knex;
  logger: AppLogger;
  /** SMTP_URL; without it mails are written to the log, so a local install needs no mail server. */
  smtpUrl: string | undefined;
  from: string;
  pollMs?: number;
};

export type MailSender = { stop: () => Promise<void> };

type OutboxRow = { id: string; recipient: string; subject: string; body: string; redacted_body: string | null; attempts: number };

const BATCH = 20;
const MAX_BACKOFF_S = 3600;
/** Seconds before the next try after `attempts` failures: 5, 10, 20, … up to an hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(MAX_BACKOFF_S, 5 * 2 ** (attempts - 1));

/**
 * Polls the outbox and sends what is due. Rows are taken with SKIP LOCKED, so several platform
 * instances never send the same mail. A failed send is counted and retried with backoff.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const { knex, logger } = options;
  const mailer: Mailer | null = options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const deliver = async (row: OutboxRow) => {
    if (mailer) {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
      logger.info({ mailId: row.id, to: row.recipient, subject: row.subject }, 'mail sent');
    } else if (row.redacted_body !== null) {
      // The body holds a reset code: it stays in the outbox for local use and never reaches the log.
      logger.info(
        { mailId: row.id, to: row.recipient, subject: row.subject },
        'mail (no SMTP_URL): body withheld from the log because it contains a password reset code; it is kept in mail_outbox',
      );
    } else {
      logger.info({ mailId: row.id, to: row.recipient, subject: row.subject, body: row.body }, 'mail (no SMTP_URL): written to the log');
    }
  };

  const sendDue = () =>
    knex.transaction(async (trx) => {
      const rows: OutboxRow[] = await trx(MAIL_OUTBOX)
        .whereNull('sent_at')
        .andWhere((due) => due.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', trx.fn.now()))
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .select('id', 'recipient', 'subject', 'body', 'redacted_body', 'attempts');
      for (const row of rows) {
        try {
          await deliver(row);
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          logger.warn({ mailId: row.id, to: row.recipient, attempts, err: message }, 'mail could not be sent; will retry');
          await trx(MAIL_OUTBOX)
            .where({ id: row.id })
            .update({
              attempts,
              last_error: message.slice(0, 1000),
              next_attempt_at: trx.raw(`now() + make_interval(secs => ?)`, [retryDelaySeconds(attempts)]),
            });
          continue;
        }
        const sent = { sent_at: trx.fn.now(), attempts: row.attempts + 1, last_error: null, next_attempt_at: null };
        // Once it has left by SMTP the code is no longer needed anywhere.
        const redact = mailer !== null && row.redacted_body !== null;
        await trx(MAIL_OUTBOX)
          .where({ id: row.id })
          .update(redact ? { ...sent, body: row.redacted_body } : sent);
      }
    });

  const tick = () => {
    timer = null;
    running = sendDue()
      // Only the message: some database errors carry the query's bindings, which may hold a reset code.
      .catch((error) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'mail outbox could not be read'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 1000);
      });
  };
  tick();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      mailer?.close();
    },
  };
}
