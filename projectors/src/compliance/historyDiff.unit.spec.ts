import type { RecordedEvent } from '@credit/events';
import { diffSection, fieldChanges, historyDiff } from './historyDiff';

type Item = { id: number; name: string; proportion: number; mappings?: { name: string; value: number }[] };
type State = Map<number, Item>;

type Removed = { id: number; removed: true };
type ItemEvent = RecordedEvent<string, Item | Removed>;

const event = (position: number, item: Item | Removed, actor = 'Alice'): ItemEvent => ({
  id: `e${position}`,
  streamId: 'scoring-model',
  revision: position - 1,
  position,
  type: 'removed' in item ? 'ItemRemoved' : 'ItemSet',
  schemaVersion: 1,
  data: item,
  metadata: {
    actor: { id: actor.toLowerCase(), role: 'admin', name: actor },
    correlationId: `c${position}`,
    occurredAt: `2026-11-0${position}T10:00:00.000Z`,
  },
  recordedAt: `2026-11-0${position}T10:00:00.001Z`,
});

const evolve = (state: State, { data }: ItemEvent): State => {
  const next = new Map(state);
  if ('removed' in data) next.delete(data.id);
  else next.set(data.id, data);
  return next;
};
const view = (state: State) => ({ items: [...state.values()].sort((left, right) => left.id - right.id) });

describe('History diff', () => {
  describe('When one entity is compared field by field', () => {
    it('should list the fields that differ with before and after, nested values compared by content, the id never', () => {
      const before: Item = { id: 1, name: 'Income', proportion: 40, mappings: [{ name: 'good', value: 1 }] };
      expect(fieldChanges(before, { ...before, mappings: [{ name: 'good', value: 1 }] })).toEqual([]);
      expect(fieldChanges(before, { ...before, id: 2, proportion: 60, mappings: [{ name: 'good', value: 2 }] })).toEqual([
        { field: 'proportion', before: 40, after: 60 },
        { field: 'mappings', before: [{ name: 'good', value: 1 }], after: [{ name: 'good', value: 2 }] },
      ]);
      expect(fieldChanges({ ...before, mappings: undefined }, before)).toEqual([
        { field: 'mappings', before: null, after: [{ name: 'good', value: 1 }] },
      ]);
    });
  });

  describe('When two lists of entities are compared', () => {
    it('should sort what was added, removed and changed, in id order, leaving the unchanged out', () => {
      const diff = diffSection<Item>(
        [
          { id: 3, name: 'Gone', proportion: 10 },
          { id: 1, name: 'Income', proportion: 40 },
          { id: 2, name: 'Same', proportion: 50 },
        ],
        [
          { id: 2, name: 'Same', proportion: 50 },
          { id: 1, name: 'Income', proportion: 30 },
          { id: 5, name: 'New', proportion: 20 },
          { id: 4, name: 'Newer', proportion: 0 },
        ],
      );
      expect(diff.added.map((entity) => entity.id)).toEqual([4, 5]);
      expect(diff.added[0]).toMatchObject({ before: null, after: { name: 'Newer' }, fields: [] });
      expect(diff.removed).toMatchObject([{ id: 3, name: 'Gone', before: { proportion: 10 }, after: null }]);
      expect(diff.changed).toMatchObject([{ id: 1, fields: [{ field: 'proportion', before: 40, after: 30 }] }]);
    });
  });

  describe('When a history is folded between two positions', () => {
    const events = [
      event(1, { id: 1, name: 'Income', proportion: 40 }, 'System'),
      event(2, { id: 2, name: 'Debt', proportion: 60 }, 'System'),
      event(3, { id: 1, name: 'Income', proportion: 55 }, 'Alice'),
      event(4, { id: 3, name: 'Tenure', proportion: 5 }, 'Bob'),
      event(5, { id: 3, removed: true }, 'Bob'),
      event(6, { id: 2, name: 'Debt', proportion: 45 }, 'Carol'),
    ];
    const diff = (from: number, to: number) => historyDiff({ initial: new Map() as State, evolve, view, events, from, to });

    it('should show the views at both positions and the net change, each change credited to the events that made it', () => {
      const result = diff(2, 6);
      expect(result.before.items.map((item) => item.proportion)).toEqual([40, 60]);
      expect(result.after.items.map((item) => item.proportion)).toEqual([55, 45]);
      expect(result.sections.items.added).toEqual([]);
      expect(result.sections.items.removed).toEqual([]);
      expect(result.sections.items.changed).toEqual([
        {
          id: 1,
          name: 'Income',
          before: { id: 1, name: 'Income', proportion: 40 },
          after: { id: 1, name: 'Income', proportion: 55 },
          fields: [{ field: 'proportion', before: 40, after: 55 }],
          by: [
            {
              position: 3,
              type: 'ItemSet',
              recordedAt: '2026-11-03T10:00:00.001Z',
              occurredAt: '2026-11-03T10:00:00.000Z',
              actor: { id: 'alice', role: 'admin', name: 'Alice' },
            },
          ],
        },
        expect.objectContaining({
          id: 2,
          by: [expect.objectContaining({ position: 6, actor: expect.objectContaining({ name: 'Carol' }) })],
        }),
      ]);
    });

    it('should list every event in between that changed the view, also one a later event undid', () => {
      expect(diff(2, 6).history.map((entry) => [entry.position, entry.actor.name, entry.touched])).toEqual([
        [3, 'Alice', [{ section: 'items', id: 1, name: 'Income' }]],
        [4, 'Bob', [{ section: 'items', id: 3, name: 'Tenure' }]],
        [5, 'Bob', [{ section: 'items', id: 3, name: 'Tenure' }]],
        [6, 'Carol', [{ section: 'items', id: 2, name: 'Debt' }]],
      ]);
    });

    it('should credit an added and a removed entity, and show nothing between a position and itself', () => {
      const added = diff(3, 4);
      expect(added.sections.items.added).toMatchObject([{ id: 3, by: [{ position: 4, actor: { name: 'Bob' } }] }]);
      const removed = diff(4, 5);
      expect(removed.sections.items.removed).toMatchObject([{ id: 3, before: { name: 'Tenure' }, by: [{ position: 5 }] }]);
      expect(diff(6, 6)).toMatchObject({ sections: { items: { added: [], removed: [], changed: [] } }, history: [] });
      expect(diff(0, 1).sections.items.added).toMatchObject([{ id: 1, by: [{ actor: { name: 'System' } }] }]);
    });

    it('should refuse a from after the to', () => {
      expect(() => diff(5, 4)).toThrow('from must not be after to');
    });
  });
});
