import type { EventStore, RecordedEvent } from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';
import { approvalMail, rejectionMail, underAttackMail, type InstitutionContact, type InstitutionMail } from './institutionMails';

/** The command side's outbox table; the mail sender delivers its rows. */
const MAIL_OUTBOX = 'mail_outbox';

/** The institution's name and email as its own stream says they were when `event` happened. */
async function contactAt(store: EventStore, event: RecordedEvent<string, { institutionId: number }>): Promise<InstitutionContact> {
  const contact: InstitutionContact = { name: '', email: '' };
  for (const earlier of await store.readStream(`institution-${event.data.institutionId}`)) {
    if (earlier.position > event.position) break;
    const data = earlier.data as { name?: string; email?: string };
    if (earlier.type === 'InstitutionRegistered' || earlier.type === 'InstitutionDetailsChanged') {
      contact.name = data.name ?? contact.name;
      contact.email = data.email ?? contact.email;
    }
  }
  return contact;
}

type UnderAttack = { kind: 'admin' | 'institution'; name: string; email: string; failures: number; hours: number };

/** The mail an event calls for, or none. */
async function mailFor(store: EventStore, event: RecordedEvent): Promise<InstitutionMail | null> {
  if (event.type === 'AccountUnderAttack') {
    // The owner as the event names them (an administrator has no institution stream to read).
    const data = event.data as UnderAttack;
    return underAttackMail({ name: data.name, email: data.email }, { ...data, latestAddress: event.metadata.ip ?? null });
  }
  const institutionEvent = event as RecordedEvent<string, { institutionId: number; reason?: string }>;
  const contact = await contactAt(store, institutionEvent);
  if (contact.email === '') return null;
  return event.type === 'InstitutionApproved' ? approvalMail(contact) : rejectionMail(contact, institutionEvent.data.reason ?? '');
}

/**
 * A reactor, not a read model: it queues the approval and rejection mails, and the mail that tells
 * an account's owner it is under attack, in the outbox, keyed by event id, so a replay or a rebuild
 * never sends a mail twice. It owns no table, so a rebuild truncates nothing.
 */
export const mailProjection = (store: EventStore): Projection => ({
  name: 'mail',
  eventTypes: ['InstitutionApproved', 'InstitutionRejected', 'AccountUnderAttack'],
  tables: [],
  migrations: [],
  handle: perEvent(async (event, trx) => {
    const mail = await mailFor(store, event);
    if (mail === null) return;
    await trx(MAIL_OUTBOX)
      .insert({ source: event.id, ...mail, created_at: event.metadata.occurredAt })
      .onConflict('source')
      .ignore();
  }),
});
