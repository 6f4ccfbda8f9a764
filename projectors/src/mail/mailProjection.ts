import { isIdentityEvent, type EventStore, type IdentityEvent, type Recorded } from '@credit/events';
import { perEvent, type Projection } from '../runtime/projection';
import { approvalMail, rejectionMail, underAttackMail, type InstitutionContact, type InstitutionMail } from './institutionMails';

/** The command side's outbox table; the mail sender delivers its rows. */
const MAIL_OUTBOX = 'mail_outbox';

/** The institution's name and email as its own stream says they were at log position `position`. */
async function contactAt(store: EventStore, institutionId: number, position: number): Promise<InstitutionContact> {
  const contact: InstitutionContact = { name: '', email: '' };
  for (const earlier of await store.readStream(`institution-${institutionId}`)) {
    if (earlier.position > position) break;
    if (!isIdentityEvent(earlier)) continue;
    if (earlier.type === 'InstitutionRegistered' || earlier.type === 'InstitutionDetailsChanged') {
      contact.name = earlier.data.name ?? contact.name;
      contact.email = earlier.data.email ?? contact.email;
    }
  }
  return contact;
}

/** The mail an event calls for, or none. */
async function mailFor(store: EventStore, event: Recorded<IdentityEvent>): Promise<InstitutionMail | null> {
  switch (event.type) {
    case 'AccountUnderAttack': {
      // The owner as the event names them (an administrator has no institution stream to read).
      const { data } = event;
      return underAttackMail({ name: data.name, email: data.email }, { ...data, latestAddress: event.metadata.ip ?? null });
    }
    case 'InstitutionApproved':
    case 'InstitutionRejected': {
      const contact = await contactAt(store, event.data.institutionId, event.position);
      if (contact.email === '') return null;
      return event.type === 'InstitutionApproved' ? approvalMail(contact) : rejectionMail(contact, event.data.reason);
    }
    default:
      return null;
  }
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
  handle: perEvent(isIdentityEvent, async (event, trx) => {
    const mail = await mailFor(store, event);
    if (mail === null) return;
    await trx(MAIL_OUTBOX)
      .insert({ source: event.id, ...mail, created_at: event.metadata.occurredAt })
      .onConflict('source')
      .ignore();
  }),
});
