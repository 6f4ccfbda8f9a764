import { randomUUID } from 'node:crypto';
import { ConcurrencyError, EventSchemaError } from '../errors';
import type { EventStore, RecordedEvent } from '../eventStore';
import { SerialisedPayload } from '../serialisedPayload';
import { contractMetadata, counterIncremented, counterOf, increment } from './contractEvents';

/** What an adapter under test gives the suite. The tamper checks apply to stores that keep a hash chain. */
export type ContractSubject = {
  store: EventStore;
  tamper?: (position: number) => Promise<void>;
  verify?: () => Promise<{ ok: boolean; brokenAt?: number }>;
};

const stream = (name: string) => `${name}-${randomUUID()}`;

async function collectUntil(store: EventStore, after: number, wanted: (events: RecordedEvent[]) => boolean, timeoutMs = 60_000) {
  const seen: RecordedEvent[] = [];
  let resolveDone!: () => void;
  const reached = new Promise<void>((resolve) => (resolveDone = resolve));
  const subscription = store.subscribe({ after, batchSize: 250 }, (page) => {
    seen.push(...page.events);
    if (wanted(seen)) resolveDone();
  });
  const timer = setTimeout(resolveDone, timeoutMs);
  return {
    seen,
    finished: reached.then(async () => {
      clearTimeout(timer);
      await subscription.stop();
      return seen;
    }),
  };
}

/**
 * The behaviour every EventStore adapter must show. Registered as jest tests by each adapter's
 * spec, which passes a fresh, empty store per test.
 */
export function eventStoreContract(
  adapter: string,
  open: () => Promise<ContractSubject>,
  close: (subject: ContractSubject) => Promise<void>,
  capabilities: { hashChain: boolean },
) {
  describe(`EventStore contract: ${adapter}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => close(subject));

    describe('When appending with an expected revision', () => {
      it('should create a stream only when told no stream exists', async () => {
        const id = stream('account');
        const first = await store.append(id, [increment(1, 1)], { expectedRevision: 'no_stream' });
        expect(first).toMatchObject({ revision: 0, appended: true });
        await expect(store.append(id, [increment(1, 2)], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(ConcurrencyError);
      });

      it('should raise a typed concurrency error when the revision moved on', async () => {
        const id = stream('account');
        await store.append(id, [increment(1, 1), increment(1, 2)]);
        await expect(store.append(id, [increment(1, 3)], { expectedRevision: 0 })).rejects.toMatchObject({ status: 409, streamId: id });
        const ok = await store.append(id, [increment(1, 3)], { expectedRevision: 1 });
        expect(ok.revision).toBe(2);
        const events = await store.readStream(id);
        expect(events.map((event) => event.revision)).toEqual([0, 1, 2]);
      });

      it('should let exactly one of two racing writers win', async () => {
        const id = stream('race');
        await store.append(id, [increment(1, 1)]);
        const results = await Promise.allSettled([
          store.append(id, [increment(1, 2)], { expectedRevision: 0 }),
          store.append(id, [increment(2, 2)], { expectedRevision: 0 }),
        ]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(ConcurrencyError);
        expect(await store.readStream(id)).toHaveLength(2);
      });
    });

    describe('When many writers race on one stream with expected revisions', () => {
      it('should refuse every loser with a typed concurrency error and lose no winner', async () => {
        const id = stream('contended');
        await store.append(id, [increment(0, 0)]);
        for (let round = 0; round < 10; round++) {
          const revision = (await store.readStream(id)).length - 1;
          const results = await Promise.allSettled(
            Array.from({ length: 6 }, (_, writer) => store.append(id, [increment(writer, round + 1)], { expectedRevision: revision })),
          );
          const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
          expect(results.length - rejected.length).toBe(1);
          for (const failure of rejected) expect(failure.reason).toBeInstanceOf(ConcurrencyError);
        }
        expect(await store.readStream(id)).toHaveLength(11);
      });

      it('should treat concurrent retries of the same events as one append', async () => {
        const id = stream('retried');
        const events = [increment(1, 1), increment(1, 2)];
        const results = await Promise.all(Array.from({ length: 6 }, () => store.append(id, events, { expectedRevision: 'no_stream' })));
        expect(results.filter((result) => result.appended)).toHaveLength(1);
        expect(new Set(results.map((result) => result.position)).size).toBe(1);
        expect(await store.readStream(id)).toHaveLength(2);
      });
    });

    describe('When one append carries thousands of events', () => {
      it('should store them all, in order, at consecutive positions', async () => {
        const id = stream('bulk');
        const events = Array.from({ length: 7000 }, (_, sequence) => increment(3, sequence));
        const result = await store.append(id, events, { expectedRevision: 'no_stream' });
        expect(result.revision).toBe(6999);
        const stored = await store.readStream(id);
        expect(stored.map((event) => counterOf(event).sequence)).toEqual(events.map((_, sequence) => sequence));
        expect(stored[6999].position - stored[0].position).toBe(6999);
      }, 120_000);
    });

    describe('When an append is retried with the same event ids', () => {
      it('should store nothing new and answer with the original position', async () => {
        const id = stream('retry');
        const events = [increment(1, 1), increment(1, 2)];
        const original = await store.append(id, events, { expectedRevision: 'no_stream' });
        const retried = await store.append(id, events, { expectedRevision: 'no_stream' });
        expect(retried).toEqual({ position: original.position, revision: original.revision, appended: false });
        expect(await store.readStream(id)).toHaveLength(2);
        expect((await store.head()).position).toBe(original.position);
      });
    });

    describe('When a payload does not match its schema', () => {
      it('should reject it and store nothing', async () => {
        const id = stream('bad');
        const before = await store.head();
        const bad = {
          id: randomUUID(),
          type: 'ContractCounterIncremented',
          data: { writer: 'one', sequence: 1 },
          metadata: contractMetadata(),
        };
        await expect(store.append(id, [bad])).rejects.toBeInstanceOf(EventSchemaError);
        const unknown = { ...bad, type: 'NoSuchEvent', data: {} };
        await expect(store.append(id, [unknown])).rejects.toBeInstanceOf(EventSchemaError);
        const nul = { ...bad, data: { writer: 1, sequence: 1, note: 'Evil\u0000Bank' } };
        await expect(store.append(id, [nul])).rejects.toMatchObject({ status: 400, message: 'Text must not contain NUL characters' });
        const surrogate = { ...bad, data: { writer: 1, sequence: 1, note: 'half \ud800 a pair' } };
        await expect(store.append(id, [surrogate])).rejects.toMatchObject({ status: 400 });
        expect((await store.head()).position).toBe(before.position);
        expect(await store.readStream(id)).toEqual([]);
      });
    });

    describe('When a payload comes serialised (SerialisedPayload)', () => {
      it('should store it as the same payload given as an object would be, and refuse it under another type', async () => {
        const id = stream('serialised');
        const posted = SerialisedPayload.of(counterIncremented, { writer: 3, sequence: 1, note: 'Zoé' }).toPosted();
        // As a worker's message brings it: its fields, made a payload again.
        await store.append(id, [{ ...increment(3, 1), data: SerialisedPayload.posted(posted) }, increment(3, 2)]);
        const events = await store.readStream(id);
        expect(events.map((event) => event.data)).toEqual([
          { writer: 3, sequence: 1, note: 'Zoé' },
          { writer: 3, sequence: 2 },
        ]);
        const before = await store.head();
        const retyped = { ...increment(3, 3), data: SerialisedPayload.posted({ ...posted, type: 'ContractCounterReset' }) };
        await expect(store.append(id, [retyped])).rejects.toMatchObject({
          status: 400,
          message: 'A ContractCounterReset payload cannot be appended as ContractCounterIncremented',
        });
        // A plain object of the same shape is an ordinary payload, checked against the schema.
        await expect(store.append(id, [{ ...increment(3, 3), data: posted }])).rejects.toBeInstanceOf(EventSchemaError);
        expect((await store.head()).position).toBe(before.position);
        expect(() => SerialisedPayload.of(counterIncremented, { writer: 'three', sequence: 1 } as never)).toThrow(EventSchemaError);
        expect(() => SerialisedPayload.of(counterIncremented, { writer: 3, sequence: 1, note: 'Evil\u0000Bank' })).toThrow(
          'Text must not contain NUL characters',
        );
      });
    });

    describe('When reading', () => {
      it('should read a stream in revision order with typed data and metadata', async () => {
        const id = stream('read');
        await store.append(id, [increment(7, 1), increment(7, 2), increment(7, 3)]);
        const events = await store.readStream(id, { fromRevision: 1 });
        expect(events.map((event) => event.data)).toEqual([
          { writer: 7, sequence: 2 },
          { writer: 7, sequence: 3 },
        ]);
        expect(events[0].metadata.actor.role).toBe('system');
        expect(events[0].schemaVersion).toBe(1);
      });

      it('should read all from a global position, filtered by type when asked', async () => {
        const start = (await store.head()).position;
        await store.append(stream('a'), [increment(1, 1)]);
        await store.append(stream('b'), [increment(2, 1), increment(2, 2)]);
        const page = await store.readAll({ after: start, maxCount: 2 });
        expect(page.events).toHaveLength(2);
        expect(page.events[0].position).toBeGreaterThan(start);
        const rest = await store.readAll({ after: page.scannedUpTo });
        expect(rest.events).toHaveLength(1);
        const none = await store.readAll({ after: start, types: ['SomethingElse'] });
        expect(none.events).toEqual([]);
        expect(none.scannedUpTo).toBe((await store.head()).position);
      });

      it('should find the latest position of some types, at or below a bound', async () => {
        const written = await store.append(stream('last'), [increment(1, 1), increment(1, 2)]);
        expect(await store.lastPositionOf([counterIncremented.type])).toBe(written.position);
        expect(await store.lastPositionOf([counterIncremented.type, 'SomethingElse'], written.position - 1)).toBe(written.position - 1);
        expect(await store.lastPositionOf(['SomethingElse'])).toBe(0);
      });
    });

    describe('When subscribing', () => {
      it('should catch up from the middle of the log and then go live', async () => {
        const id = stream('sub');
        const first = await store.append(id, [increment(1, 1), increment(1, 2), increment(1, 3)]);
        const middle = first.position - 1;
        const collector = await collectUntil(store, middle, (events) => events.length >= 3);
        await store.append(id, [increment(1, 4), increment(1, 5)]);
        const seen = await collector.finished;
        expect(seen.map((event) => counterOf(event).sequence)).toEqual([3, 4, 5]);
      });

      it('should see every event of 8 concurrent writers exactly once, in increasing position', async () => {
        const writers = 8;
        const perWriter = 500;
        const start = (await store.head()).position;
        const collector = await collectUntil(store, start, (events) => events.length >= writers * perWriter, 120_000);
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            const id = stream(`writer-${writer}`);
            for (let sequence = 0; sequence < perWriter; sequence++) await store.append(id, [increment(writer, sequence)]);
          }),
        );
        const seen = await collector.finished;
        expect(seen).toHaveLength(writers * perWriter);
        expect(new Set(seen.map((event) => event.id)).size).toBe(writers * perWriter);
        for (let index = 1; index < seen.length; index++) expect(seen[index].position).toBeGreaterThan(seen[index - 1].position);
        for (let writer = 0; writer < writers; writer++) {
          const own = seen.filter((event) => counterOf(event).writer === writer);
          expect(own.map((event) => counterOf(event).sequence)).toEqual(Array.from({ length: perWriter }, (_, i) => i));
        }
      }, 180_000);
    });

    // KurrentDB keeps its own immutable log and has no hash chain of ours to verify.
    if (capabilities.hashChain)
      describe('When a stored event is tampered with', () => {
        it('should make verification fail at that position', async () => {
          if (!subject.tamper || !subject.verify) throw new Error(`${adapter} claims a hash chain but gives no tamper/verify`);
          const id = stream('chain');
          await store.append(id, [increment(1, 1), increment(1, 2), increment(1, 3)]);
          const head = await store.head();
          expect(await subject.verify()).toMatchObject({ ok: true });
          await subject.tamper(head.position - 1);
          expect(await subject.verify()).toMatchObject({ ok: false, brokenAt: head.position - 1 });
        });
      });
  });
}
