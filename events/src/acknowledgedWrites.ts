import type { Knex } from 'knex';
import type { AppendResult, EventStore, NewEvent } from './eventStore';
import type { EventMetadata } from './metadata';
import type { Migration } from './postgres/migrations';
import { MODEL_EVENT_TYPES } from './domain/modelEvents';
import { settingsEvents } from './domain/settingsEvents';

/**
 * Where each principal's acknowledged writes reached, per event type: what a query of that principal
 * waits for (README, "Read-your-writes"). A table in the platform's PostgreSQL, so every API process
 * sees what any other acknowledged, whichever event store holds the log.
 */
export const ACKNOWLEDGED_WRITES = 'acknowledged_writes';

export type AcknowledgedWrite = { principal: string; eventType: string; position: number };

/** An institution: its own account, its team's members, and what administrators did to it (approval, parameters). */
export const institutionPrincipal = (institutionId: number): string => `institution:${institutionId}`;
/** A platform account (administrator or auditor). */
export const adminPrincipal = (adminId: number | string): string => `admin:${adminId}`;
/** The scoring model, its templates and the system settings: every institution reads them. */
export const PLATFORM_PRINCIPAL = 'platform';

const PLATFORM_WIDE_TYPES: ReadonlySet<string> = new Set([...MODEL_EVENT_TYPES, ...settingsEvents.map((definition) => definition.type)]);

export const acknowledgedWritesMigrations: Migration[] = [
  {
    name: '20261127200000_create_acknowledged_writes',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE ${ACKNOWLEDGED_WRITES} (
          principal   text NOT NULL,
          event_type  text NOT NULL,
          position    bigint NOT NULL,
          PRIMARY KEY (principal, event_type)
        )
      `);
    },
    async down(knex) {
      await knex.raw(`DROP TABLE IF EXISTS ${ACKNOWLEDGED_WRITES}`);
    },
  },
];

/** Whose write an event is: its actor (the institution for a team member), the institution it concerns, the platform's for model and settings changes. */
function principalsOf(type: string, metadata: EventMetadata): string[] {
  const principals: string[] = [];
  const { actor } = metadata;
  if (actor.role === 'admin' || actor.role === 'auditor') principals.push(adminPrincipal(actor.id));
  if (actor.role === 'institution') principals.push(institutionPrincipal(Number(actor.id)));
  if (typeof metadata.institutionId === 'number') principals.push(institutionPrincipal(metadata.institutionId));
  if (PLATFORM_WIDE_TYPES.has(type)) principals.push(PLATFORM_PRINCIPAL);
  return principals;
}

/**
 * The rows an append leaves: each (principal, type) at the position of its last event. Only the
 * append's last position is known; positions rise strictly along an append, so the event `k` places
 * before the last is at most `last - k`, a bound that is never below the event itself.
 */
export function acknowledgedWritesOf(events: readonly Pick<NewEvent, 'type' | 'metadata'>[], result: AppendResult): AcknowledgedWrite[] {
  const rows = new Map<string, AcknowledgedWrite>();
  events.forEach((event, index) => {
    const position = result.position - (events.length - 1 - index);
    for (const principal of principalsOf(event.type, event.metadata)) {
      rows.set(`${principal}\u0000${event.type}`, { principal, eventType: event.type, position });
    }
  });
  // One lock order for every writer, so two appends upserting the same rows cannot deadlock.
  return [...rows.values()].sort((a, b) => a.principal.localeCompare(b.principal) || a.eventType.localeCompare(b.eventType));
}

export async function recordAcknowledgedWrites(knex: Knex, rows: readonly AcknowledgedWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await knex(ACKNOWLEDGED_WRITES)
    .insert(rows.map((row) => ({ principal: row.principal, event_type: row.eventType, position: row.position })))
    .onConflict(['principal', 'event_type'])
    .merge({ position: knex.raw(`GREATEST(${ACKNOWLEDGED_WRITES}.position, excluded.position)`) });
}

/**
 * The event store with every append recorded as its principals' acknowledged writes before the
 * append returns, so a command's answer never reaches its caller before a query anywhere can see
 * what to wait for.
 */
export function recordingAcknowledgedWrites(store: EventStore, knex: Knex): EventStore {
  return {
    append: async (streamId, events, options) => {
      const result = await store.append(streamId, events, options);
      await recordAcknowledgedWrites(knex, acknowledgedWritesOf(events, result));
      return result;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribe: (options, handler) => store.subscribe(options, handler),
    head: () => store.head(),
    lastPositionOf: (types, atMost) => store.lastPositionOf(types, atMost),
    close: () => store.close(),
  };
}
