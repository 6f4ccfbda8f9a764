import type { EventMetadata, RecordedEvent } from '@credit/events';
import { canonicalJson } from '@credit/scoring';

/** Something with an id and a name, as a moment's view lists it (a category, a variable, a parameter). */
export type Entity = { readonly id: number; readonly name: string };

/** What a moment shows, by section (`categories`, `variables`, ...), each entity by id. */
export type View<E extends Entity = Entity> = Readonly<Record<string, readonly E[]>>;

/** Who recorded an event that changed something between the two moments, and when. */
export type Authorship = {
  position: number;
  type: string;
  recordedAt: string;
  occurredAt: string;
  actor: EventMetadata['actor'];
};

export type FieldChange = { field: string; before: unknown; after: unknown };

/** One entity that differs between the two moments, with the events that touched it in between. */
export type EntityChange<E extends Entity = Entity> = {
  id: number;
  name: string;
  before: E | null;
  after: E | null;
  /** Field by field, for an entity present at both moments; empty for an added or removed one. */
  fields: FieldChange[];
  by: Authorship[];
};

export type SectionDiff<E extends Entity = Entity> = {
  added: EntityChange<E>[];
  removed: EntityChange<E>[];
  changed: EntityChange<E>[];
};

/** An event between the two moments and what it touched (section and entity ids), whether or not the change lasted. */
export type HistoryEntry = Authorship & { touched: { section: string; id: number; name: string }[] };

export type HistoryDiff<E extends Entity = Entity> = {
  sections: Record<string, SectionDiff<E>>;
  /** Every event in (from, to] that changed what the view shows, oldest first. */
  history: HistoryEntry[];
};

const same = (left: unknown, right: unknown) => canonicalJson(left) === canonicalJson(right);

/** Field-level differences of one entity (its id excepted), fields in the order the later version lists them. */
export function fieldChanges<E extends Entity>(before: E, after: E): FieldChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((field) => field !== 'id');
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = (before as Record<string, unknown>)[field];
    const now = (after as Record<string, unknown>)[field];
    if (!same(was, now)) changes.push({ field, before: was ?? null, after: now ?? null });
  }
  return changes;
}

/** The entities of one section that were added, removed or changed from `before` to `after`, each in id order. */
export function diffSection<E extends Entity>(before: readonly E[], after: readonly E[]): SectionDiff<E> {
  const earlier = new Map(before.map((entity) => [entity.id, entity]));
  const later = new Map(after.map((entity) => [entity.id, entity]));
  const diff: SectionDiff<E> = { added: [], removed: [], changed: [] };
  const change = (entity: E, was: E | null, now: E | null, fields: FieldChange[]): EntityChange<E> => ({
    id: entity.id,
    name: entity.name,
    before: was,
    after: now,
    fields,
    by: [],
  });
  for (const entity of after) {
    const was = earlier.get(entity.id);
    if (!was) diff.added.push(change(entity, null, entity, []));
    else if (was !== entity) {
      const fields = fieldChanges(was, entity);
      if (fields.length > 0) diff.changed.push(change(entity, was, entity, fields));
    }
  }
  for (const entity of before) if (!later.has(entity.id)) diff.removed.push(change(entity, entity, null, []));
  const byId = (left: EntityChange<E>, right: EntityChange<E>) => left.id - right.id;
  diff.added.sort(byId);
  diff.removed.sort(byId);
  diff.changed.sort(byId);
  return diff;
}

/** Every section of two views compared (a section missing from one view counts as empty there). */
export function diffViews<E extends Entity>(before: View<E>, after: View<E>): Record<string, SectionDiff<E>> {
  const sections: Record<string, SectionDiff<E>> = {};
  for (const section of new Set([...Object.keys(before), ...Object.keys(after)])) {
    sections[section] = diffSection(before[section] ?? [], after[section] ?? []);
  }
  return sections;
}

const authorship = (event: RecordedEvent): Authorship => ({
  position: event.position,
  type: event.type,
  recordedAt: event.recordedAt,
  occurredAt: event.metadata.occurredAt,
  actor: event.metadata.actor,
});

/**
 * The difference between the view at position `from` and at position `to` (from ≤ to), with who
 * changed what in between: the state is folded over `events` (in log order) up to `from`, then event
 * by event to `to`, and each event is credited with the entities whose view it changed. An entity in
 * the final difference lists every event that touched it, including ones a later event undid.
 * Pure: the caller reads the events.
 */
export function historyDiff<S, E extends Entity, R extends RecordedEvent = RecordedEvent>(input: {
  initial: S;
  evolve: (state: S, event: R) => S;
  view: (state: S) => View<E>;
  events: readonly R[];
  from: number;
  to: number;
}): HistoryDiff<E> & { before: View<E>; after: View<E> } {
  const { evolve, view, events, from, to } = input;
  if (from > to) throw new RangeError('from must not be after to');
  let state = input.initial;
  let index = 0;
  for (; index < events.length && events[index].position <= from; index++) state = evolve(state, events[index]);
  const before = view(state);
  let current = before;
  const history: HistoryEntry[] = [];
  const credits = new Map<string, Authorship[]>();
  for (; index < events.length && events[index].position <= to; index++) {
    const event = events[index];
    state = evolve(state, event);
    const next = view(state);
    const touched: HistoryEntry['touched'] = [];
    for (const [section, diff] of Object.entries(diffViews(current, next))) {
      for (const entity of [...diff.added, ...diff.removed, ...diff.changed]) {
        touched.push({ section, id: entity.id, name: entity.name });
        const key = `${section}/${entity.id}`;
        credits.set(key, [...(credits.get(key) ?? []), authorship(event)]);
      }
    }
    if (touched.length > 0) history.push({ ...authorship(event), touched });
    current = next;
  }
  const sections = diffViews(before, current);
  for (const [section, diff] of Object.entries(sections)) {
    for (const entity of [...diff.added, ...diff.removed, ...diff.changed]) entity.by = credits.get(`${section}/${entity.id}`) ?? [];
  }
  return { sections, history, before, after: current };
}
