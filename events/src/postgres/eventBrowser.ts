import type { Pool } from 'pg';
import type { ActorRole } from '../metadata';
import { ACTOR_ACCOUNT, ACTOR_KIND, EVENT_INSTITUTION, GENESIS_HASH } from './migrations';

/**
 * What the event browser asks of the log. Every filter is optional and they all apply together:
 * - `stream`: one stream's events;
 * - `types`: events of any of these types;
 * - `actor`: events caused by a kind of account (`admin`: an administrator account, whose role is
 *   `admin` or `auditor`; `institution`; `system`), one account of that kind (`id`, from
 *   `metadata.actor.id`: ids are unique only within a kind), and/or one role (`metadata.actor.role`);
 * - `institutionId`: the events about an institution, as the audit log files them: those whose
 *   `metadata.institutionId` names it. Every command about an institution is recorded so: its identity
 *   stream (registration, approval, details, password, sign-ins), its parameter values, its batches
 *   (uploads, interrupted uploads) and its exports, whoever acted (the institution or an administrator);
 * - `from`, `to`: recorded at or after `from`, at or before `to` (the log's own `recordedAt`).
 * Pages run newest first (`order: 'newest'`) or oldest first, each continuing after the position
 * `after` (the last one of the previous page), `limit` events at most.
 */
export type EventBrowserQuery = {
  stream?: string;
  types?: readonly string[];
  actor?: { kind: ActorKind; id?: string; role?: ActorRole };
  institutionId?: number;
  from?: Date;
  to?: Date;
  order: 'newest' | 'oldest';
  after?: number;
  limit: number;
};

/** The kinds of account an actor is: an auditor is an administrator account. */
export const actorKinds = ['admin', 'institution', 'system'] as const;
export type ActorKind = (typeof actorKinds)[number];

export type EventSummary = {
  position: number;
  type: string;
  stream: string;
  revision: number;
  recordedAt: string;
  occurredAt: string | null;
  actor: { id: string; role: string; name: string };
  institutionId: number | null;
};

/**
 * A page of events and where the log's head stood when it was read. `next` is the position to pass as
 * `after` for the following page (null on the last page). Pages are cut by position, never by offset,
 * and bounded by the head read first (every event up to it has committed), so events appended while a
 * reader pages through are neither repeated nor skipped: newest first, they are above the first page.
 */
export type EventPage = { events: EventSummary[]; head: number; next: number | null };

/** One event as stored, with its chain links; `data` and `metadata` as stored (and hashed), not upcast. */
export type StoredEvent = {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recordedAt: string;
  hash: string;
  previousHash: string | null;
};

type SummaryRow = {
  position: string;
  type: string;
  stream_id: string;
  stream_revision: string;
  recorded_at: string;
  occurred_at: string | null;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  institution_id: string | null;
};

type StoredRow = {
  position: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: string;
  hash: string;
  previous_hash: string | null;
};

async function headPosition(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ position: string }>('SELECT position FROM event_log_head WHERE id = 1');
  return Number(rows[0].position);
}

/**
 * The last position recorded at or before `at` (0 if none): positions are recorded in time order (an
 * append takes its time while it holds the head), so a binary search over the primary key finds it in
 * about log2(head) one-row reads of `recorded_at` alone.
 */
async function lastPositionAtOrBefore(pool: Pool, at: Date, head: number): Promise<number> {
  let low = 0;
  let high = head;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const { rows } = await pool.query<{ position: string; recorded_at: string }>(
      'SELECT position, recorded_at FROM events WHERE position >= $1 AND position <= $2 ORDER BY position LIMIT 1',
      [middle, high],
    );
    const row = rows[0];
    if (row && Date.parse(row.recorded_at) <= at.getTime()) low = Number(row.position);
    else high = middle - 1;
  }
  return low;
}

/**
 * One page of the log. The time range becomes a range of positions first (two binary searches), so a
 * page is always one backward (or forward) walk of an index from the cursor: the primary key alone, or
 * (type, position), (stream_id, position), (account, position), (kind of actor, position) or
 * (institution, position) when that filter is given; the other filters are checked on the rows met.
 */
export async function browseEvents(pool: Pool, query: EventBrowserQuery): Promise<EventPage> {
  const head = await headPosition(pool);
  let low = 1;
  let high = head;
  if (query.from) low = Math.max(low, (await lastPositionAtOrBefore(pool, new Date(query.from.getTime() - 1), head)) + 1);
  if (query.to) high = Math.min(high, await lastPositionAtOrBefore(pool, query.to, head));
  if (query.after !== undefined) {
    if (query.order === 'newest') high = Math.min(high, query.after - 1);
    else low = Math.max(low, query.after + 1);
  }
  if (low > high) return { events: [], head, next: null };

  const params: unknown[] = [low, high];
  const where = ['position >= $1', 'position <= $2'];
  const add = (condition: (parameter: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (query.stream !== undefined) add((p) => `stream_id = ${p}`, query.stream);
  // One type as a plain equality: the (type, position) index then hands rows over in position order.
  if (query.types?.length === 1) add((p) => `type = ${p}`, query.types[0]);
  else if (query.types?.length) add((p) => `type = ANY(${p}::text[])`, query.types);
  // Spelt as the indexes of migration 20261127000000 are built, so they serve.
  const { actor } = query;
  if (actor?.id !== undefined) add((p) => `(${ACTOR_ACCOUNT}) = ${p}::text`, `${actor.kind}:${actor.id}`);
  else if (actor) add((p) => `(${ACTOR_KIND}) = ${p}::text`, actor.kind);
  if (actor?.role !== undefined) add((p) => `metadata->'actor'->>'role' = ${p}::text`, actor.role);
  if (query.institutionId !== undefined) add((p) => `(${EVENT_INSTITUTION}) = ${p}::text`, String(query.institutionId));
  // Kept as a check too, should a clock ever have stepped back between two appends.
  if (query.from) add((p) => `recorded_at >= ${p}`, query.from.toISOString());
  if (query.to) add((p) => `recorded_at <= ${p}`, query.to.toISOString());
  params.push(query.limit + 1);

  const { rows } = await pool.query<SummaryRow>(
    `SELECT position, type, stream_id, stream_revision, recorded_at,
            metadata->>'occurredAt' AS occurred_at, metadata->'actor'->>'id' AS actor_id,
            metadata->'actor'->>'role' AS actor_role, metadata->'actor'->>'name' AS actor_name,
            ${EVENT_INSTITUTION} AS institution_id
       FROM events
      WHERE ${where.join(' AND ')}
      ORDER BY position ${query.order === 'newest' ? 'DESC' : 'ASC'}
      LIMIT $${params.length}`,
    params,
  );
  const more = rows.length > query.limit;
  const events = rows.slice(0, query.limit).map(toSummary);
  return { events, head, next: more ? events[events.length - 1].position : null };
}

const toSummary = (row: SummaryRow): EventSummary => ({
  position: Number(row.position),
  type: row.type,
  stream: row.stream_id,
  revision: Number(row.stream_revision),
  recordedAt: row.recorded_at,
  occurredAt: row.occurred_at,
  actor: { id: row.actor_id ?? '', role: row.actor_role ?? '', name: row.actor_name ?? '' },
  institutionId: row.institution_id === null ? null : Number(row.institution_id),
});

/** The event at a position (null past the head or where none is), with its hash and the hash before it. */
export async function storedEvent(pool: Pool, position: number): Promise<StoredEvent | null> {
  const { rows } = await pool.query<StoredRow>(
    `SELECT e.position, e.event_id, e.stream_id, e.stream_revision, e.type, e.schema_version, e.data, e.metadata,
            e.recorded_at, e.hash::text AS hash,
            coalesce(p.hash::text, CASE WHEN e.position = 1 THEN '${GENESIS_HASH}' END) AS previous_hash
       FROM events e LEFT JOIN events p ON p.position = e.position - 1
      WHERE e.position = $1 AND e.position <= (SELECT position FROM event_log_head WHERE id = 1)`,
    [position],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    position: Number(row.position),
    id: row.event_id,
    stream: row.stream_id,
    revision: Number(row.stream_revision),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    hash: row.hash,
    previousHash: row.previous_hash,
  };
}
