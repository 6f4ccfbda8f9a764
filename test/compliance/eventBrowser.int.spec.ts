import { waitForCheckpoints } from '@credit/projectors';
import { auditProjection } from '@credit/projectors/src/audit/auditProjection';
import type { RecordedEvent } from '@credit/events';
import { approvedInstitution, bearer, signedInAuditor, signInAsAdmin, type TestAuditor, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';

type Summary = { position: number; type: string; stream: string; recordedAt: string; actor: { id: string; role: string; name: string } };

// The starter model marks these variables masked: their values are never shown.
const MASKED = ['Monthly income', 'Savings balance', 'Collateral value'];
/** Values no generated record holds, planted in the masked columns so their absence can be checked. */
const PLANTED = ['9876543.21', '8765432.19', '7654321.17'];

describe('The event browser', () => {
  let platform: TestPlatform;
  let admin: string;
  let auditor: TestAuditor;
  let bank: TestInstitution;
  let other: TestInstitution;
  let batchId: number;
  let headers: string[];
  let records: string[][];

  const get = (path: string, token: string | null = admin) =>
    platform.request(`/api/admin/compliance/events${path}`, { headers: token ? bearer(token) : {} });

  /** Every event a filter matches, page after page (`limit` each), as the browser lists them. */
  const everyPage = async (query: string, limit = 7): Promise<Summary[]> => {
    const events: Summary[] = [];
    let after: number | null = null;
    for (let pages = 0; pages < 1000; pages++) {
      const response = await get(`?${query}&limit=${limit}${after === null ? '' : `&after=${after}`}`);
      expect(response.status).toBe(200);
      events.push(...response.body.data.events);
      after = response.body.data.next;
      if (after === null) return events;
    }
    throw new Error('too many pages');
  };

  /** The whole log as the store reads it, newest first: what each filter is checked against. */
  const wholeLog = async (): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    for (let after = 0; ;) {
      const page = await platform.store.readAll({ after, maxCount: 1000 });
      events.push(...page.events);
      if (page.events.length === 0 || page.scannedUpTo === after) break;
      after = page.scannedUpTo;
      if (after >= (await platform.store.head()).position) break;
    }
    return events.reverse();
  };
  const positions = (events: { position: number }[]) => events.map((event) => event.position);

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Parcourue');
    other = await approvedInstitution(platform, admin, 'Autre Banque');
    const generated = starterRows(4, 31);
    headers = generated.headers;
    records = generated.rows;
    MASKED.forEach((name, index) => (records[1][headers.indexOf(name)] = PLANTED[index]));
    const uploaded = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, records) });
    expect(uploaded.status).toBe(201);
    batchId = uploaded.body.data.batch.id as number;
    await settledBatch(platform, bank.token, batchId, uploaded.body.position);
    auditor = await signedInAuditor(platform, admin, 'Aude Parcours');
    const password = 'Auditor-new-pass-9';
    const changed = await platform.request('/api/admin/profile', {
      method: 'PUT',
      headers: bearer(auditor.token),
      json: { password, confirmPassword: password },
    });
    expect(changed.status).toBe(200);
    const login = await platform.request('/api/admin/login', { method: 'POST', json: { email: auditor.email, password } });
    auditor.token = login.body.token as string;
  }, 180_000);
  afterAll(async () => platform.close());

  describe('When listing the log', () => {
    it('should list every event newest first with its position, type, stream, time and actor, the same page after page', async () => {
      const log = await wholeLog();
      const listed = await everyPage('', 11);
      expect(positions(listed)).toEqual(positions(log));
      const approval = log.find((event) => event.type === 'InstitutionApproved' && event.streamId === `institution-${bank.id}`);
      expect(listed.find((event) => event.position === approval?.position)).toEqual({
        position: approval?.position,
        type: 'InstitutionApproved',
        stream: `institution-${bank.id}`,
        revision: approval?.revision,
        recordedAt: approval?.recordedAt,
        occurredAt: approval?.metadata.occurredAt,
        actor: { id: approval?.metadata.actor.id, role: 'admin', name: 'System Administrator' },
        institutionId: bank.id,
      });
      const oldest = await everyPage('order=oldest', 13);
      expect(positions(oldest)).toEqual(positions(log).reverse());
    });

    it.each([
      ['a stream', () => `stream=institution-${bank.id}`, (event: RecordedEvent) => event.streamId === `institution-${bank.id}`],
      ['a type', () => 'type=InstitutionApproved', (event: RecordedEvent) => event.type === 'InstitutionApproved'],
      [
        'two types',
        () => 'type=BatchUploadStarted,ClientRecordsUploaded',
        (event: RecordedEvent) => event.type === 'BatchUploadStarted' || event.type === 'ClientRecordsUploaded',
      ],
      [
        'an institution as actor',
        () => `actorKind=institution&actorId=${bank.id}`,
        (event: RecordedEvent) => event.metadata.actor.role === 'institution' && event.metadata.actor.id === String(bank.id),
      ],
      [
        'an administrator account as actor (either role)',
        () => 'actorKind=admin&actorId=1',
        (event: RecordedEvent) => ['admin', 'auditor'].includes(event.metadata.actor.role) && event.metadata.actor.id === '1',
      ],
      ['an auditor', () => 'actorKind=auditor', (event: RecordedEvent) => event.metadata.actor.role === 'auditor'],
      ['the system', () => 'actorKind=system', (event: RecordedEvent) => event.metadata.actor.role === 'system'],
      [
        'an institution (its identity, batches and exports: metadata.institutionId)',
        () => `institutionId=${bank.id}`,
        (event: RecordedEvent) => event.metadata.institutionId === bank.id,
      ],
      [
        'an institution and a type',
        () => `institutionId=${bank.id}&type=ClientRecordsUploaded`,
        (event: RecordedEvent) => event.metadata.institutionId === bank.id && event.type === 'ClientRecordsUploaded',
      ],
    ])('should filter by %s, over every page', async (_name, query, matches) => {
      const expected = (await wholeLog()).filter(matches);
      expect(expected.length).toBeGreaterThan(0);
      expect(positions(await everyPage(query(), 2))).toEqual(positions(expected));
    });

    it('should take an institution’s events from its identity stream, its batch stream and nothing of another institution', async () => {
      const listed = await everyPage(`institutionId=${bank.id}`, 50);
      const streams = new Set(listed.map((event) => event.stream));
      expect([...streams]).toEqual(expect.arrayContaining([`institution-${bank.id}`, `batch-${batchId}`]));
      expect(listed.some((event) => event.stream === `institution-${other.id}`)).toBe(false);
      expect(listed.map((event) => event.type)).toEqual(
        expect.arrayContaining([
          'InstitutionRegistered',
          'InstitutionApproved',
          'UserSignedIn',
          'BatchUploadStarted',
          'ClientRecordsUploaded',
        ]),
      );
    });

    it('should filter by time, both ends included, a bare date as its whole day', async () => {
      const log = await wholeLog();
      const middle = log[Math.floor(log.length / 2)];
      const later = log[Math.floor(log.length / 4)];
      const between = log.filter((event) => event.recordedAt >= middle.recordedAt && event.recordedAt <= later.recordedAt);
      expect(between.length).toBeGreaterThan(1);
      const query = `from=${encodeURIComponent(middle.recordedAt)}&to=${encodeURIComponent(later.recordedAt)}`;
      expect(positions(await everyPage(query, 3))).toEqual(positions(between));
      const today = middle.recordedAt.slice(0, 10);
      const sameDay = log.filter((event) => event.recordedAt.startsWith(today));
      expect(positions(await everyPage(`from=${today}&to=${today}`, 50))).toEqual(positions(sameDay));
      expect(positions(await everyPage('to=2000-01-01', 50))).toEqual([]);
    });

    it('should neither repeat nor skip an event while new ones are appended between pages', async () => {
      const before = (await platform.store.head()).position;
      const seen: number[] = [];
      let after: number | null = null;
      for (;;) {
        const response = await get(`?limit=4${after === null ? '' : `&after=${after}`}`);
        seen.push(...positions(response.body.data.events));
        // A sign-in appends an event: the log grows above the first page while the reader pages down.
        await signInAsAdmin(platform);
        after = response.body.data.next;
        if (after === null) break;
      }
      expect(seen).toEqual(Array.from({ length: before }, (_, index) => before - index));

      const forward: number[] = [];
      after = null;
      for (;;) {
        const response = await get(`?order=oldest&limit=5${after === null ? '' : `&after=${after}`}`);
        forward.push(...positions(response.body.data.events));
        after = response.body.data.next;
        if (after === null) break;
        await signInAsAdmin(platform);
      }
      const head = (await platform.store.head()).position;
      expect(forward).toEqual(Array.from({ length: head }, (_, index) => index + 1));
    });

    it('should refuse odd filters with 400', async () => {
      for (const query of [
        'type=NoSuchEvent',
        'actorKind=robot',
        'actorId=1',
        'institutionId=abc',
        'from=yesterday',
        'order=sideways',
        'after=0',
        'limit=-2',
        'from=2026-02-01&to=2026-01-01',
      ]) {
        const response = await get(`?${query}`);
        expect(`${query} → ${response.status}`).toBe(`${query} → 400`);
      }
      expect((await get('?limit=100000')).body.data.limit).toBe(200);
    });
  });

  describe('When opening an event', () => {
    const eventOf = async (type: string, stream?: string) => {
      const listed = await everyPage(`type=${type}${stream ? `&stream=${stream}` : ''}`, 50);
      expect(listed.length).toBeGreaterThan(0);
      const response = await get(`/${listed[0].position}`);
      expect(response.status).toBe(200);
      return response;
    };
    const storedHashes = async (position: number) =>
      (await platform.knex.raw('SELECT position, hash FROM events WHERE position IN (?, ?) ORDER BY position', [position - 1, position]))
        .rows as {
        hash: string;
      }[];

    it('should show its metadata, its payload, its hash and the hash before it, and its audit-log entry', async () => {
      const response = await eventOf('InstitutionApproved', `institution-${bank.id}`);
      const { data } = response.body;
      const [previous, own] = await storedHashes(data.position);
      expect(data).toMatchObject({
        type: 'InstitutionApproved',
        stream: `institution-${bank.id}`,
        schemaVersion: 1,
        payload: { institutionId: bank.id },
        withheld: null,
        masked: null,
        hash: own.hash,
        previousHash: previous.hash,
        metadata: {
          actor: { id: '1', role: 'admin', name: 'System Administrator' },
          institutionId: bank.id,
          correlationId: expect.any(String),
          occurredAt: expect.any(String),
        },
        audit: {
          covered: true,
          entry: { id: data.position, position: data.position, eventId: data.id, description: `Approved institution REG-${bank.id}` },
        },
      });
      expect(Object.keys(data.metadata)).toEqual(expect.arrayContaining(['ip', 'userAgent']));
    });

    it('should never show a masked variable’s values in a chunk of client records, and show the others', async () => {
      const response = await eventOf('ClientRecordsUploaded', `batch-${batchId}`);
      const text = JSON.stringify(response.body);
      for (const value of PLANTED) expect(text).not.toContain(value);
      const { data } = response.body;
      expect(data.masked).toEqual({ columns: MASKED, reason: expect.any(String) });
      expect(data.audit).toEqual({ covered: false, entry: null });
      const shown = data.payload.rows as string[][];
      expect(shown).toHaveLength(records.length);
      shown.forEach((row, index) => {
        headers.forEach((header, column) => {
          expect(row[column]).toBe(MASKED.includes(header) ? '••••' : records[index][column]);
        });
      });
    });

    it.each(['AdminPasswordChanged', 'AdminCreated', 'InstitutionRegistered'])(
      'should withhold the password material of %s',
      async (type) => {
        const response = await eventOf(type);
        expect(JSON.stringify(response.body)).not.toMatch(/argon2/i);
        expect(response.body.data.payload.passwordHash).toBe('[withheld]');
        expect(response.body.data.withheld).toEqual({ fields: ['passwordHash'], reason: 'password material' });
      },
    );

    it('should answer the audit row of an approval, and the audit row lead back to the same event', async () => {
      const audit = await platform.request(`/api/admin/audit?institutionId=${bank.id}&limit=100`, { headers: bearer(admin) });
      const row = (audit.body.data.logs as { id: number; position: number; eventType: string; description: string }[]).find(
        (entry) => entry.eventType === 'InstitutionApproved',
      );
      expect(row).toBeDefined();
      const event = await get(`/${row?.position}`);
      expect(event.body.data).toMatchObject({
        position: row?.position,
        type: 'InstitutionApproved',
        audit: { entry: { id: row?.id, description: row?.description } },
      });
    });

    it('should answer 404 past the head and 400 for a position that is not one', async () => {
      const head = (await platform.store.head()).position;
      expect((await get(`/${head + 1000}`)).status).toBe(404);
      expect((await get('/0')).status).toBe(400);
      expect((await get('/first')).status).toBe(400);
    });
  });

  describe('When comparing the audit log with the event log', () => {
    it('should link every audit row to exactly one event, and miss no event of the types the audit log covers', async () => {
      const head = (await platform.store.head()).position;
      await waitForCheckpoints(platform.knex, ['audit'], head, 30_000);
      const covered = [...auditProjection().eventTypes];
      const { rows: unlinked } = await platform.knex.raw(
        `SELECT a.position, a.event_type FROM audit_log a
          WHERE (SELECT count(*) FROM events e WHERE e.position = a.position AND e.event_id = a.event_id AND e.type = a.event_type
                   AND e.stream_id = a.stream_id) <> 1`,
      );
      expect(unlinked).toEqual([]);
      const { rows: missing } = await platform.knex.raw(
        `SELECT e.position, e.type FROM events e
          WHERE e.position <= ? AND e.type = ANY(?::text[]) AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.position = e.position)`,
        [head, covered],
      );
      expect(missing).toEqual([]);
      const { rows: counts } = await platform.knex.raw(
        `SELECT (SELECT count(*) FROM audit_log)::int AS audited,
                (SELECT count(*) FROM events WHERE position <= ? AND type = ANY(?::text[]))::int AS covered_events,
                (SELECT count(*) FROM events WHERE position <= ? AND NOT type = ANY(?::text[]))::int AS bulk`,
        [head, covered, head, covered],
      );
      expect(counts[0].audited).toBe(counts[0].covered_events);
      // The uncovered kinds (a batch's record chunks) are in the log, and the browser lists them.
      expect(counts[0].bulk).toBeGreaterThan(0);
      expect(counts[0].audited + counts[0].bulk).toBe(head);
    });
  });

  describe('When someone other than an administrator asks', () => {
    it('should serve an auditor as an administrator, refuse an institution with 403 and a caller without a token with 401', async () => {
      const asAdmin = await get('?limit=5&to=2099-01-01');
      const asAuditor = await get('?limit=5&to=2099-01-01', auditor.token);
      expect(asAuditor.status).toBe(200);
      expect(positions(asAuditor.body.data.events)).toEqual(positions(asAdmin.body.data.events));
      const first = asAdmin.body.data.events[0].position as number;
      expect((await get(`/${first}`, auditor.token)).status).toBe(200);
      for (const path of ['', `/${first}`]) {
        expect((await get(path, bank.token)).status).toBe(403);
        expect((await get(path, null)).status).toBe(401);
      }
    });
  });
});
