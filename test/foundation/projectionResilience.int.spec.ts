import { newEventId, UNIQUE_CODE_LIMIT, type NewEvent } from '@credit/events';
import { allProjections, waitForCheckpoints } from '@credit/projectors';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { handWrittenBatch, starterRows } from '../support/uploads';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../support/testPlatform';

/** A text that crosses every Unicode plane in use: Latin, astral symbols, CJK extensions, tags, private use. */
const EVERY_PLANE = 'Zoé “€” 𝄞😀 𠀀 𰀀 \u{E0041} \u{F0000}\u{10FFFD} ';
const longText = (length: number) =>
  EVERY_PLANE.repeat(Math.ceil(length / EVERY_PLANE.length))
    .slice(0, length)
    .replace(/[\ud800-\udbff]$/, '');
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA';

const metadata = (name: string, institutionId: number | null, extra: Record<string, unknown> = {}) => ({
  actor: { id: String(institutionId ?? 'system'), role: institutionId ? ('institution' as const) : ('system' as const), name },
  institutionId,
  correlationId: `extreme-${newEventId()}`,
  occurredAt: new Date().toISOString(),
  ...extra,
});

const event = (type: string, data: unknown, meta = metadata(longText(3_000), null)): NewEvent => ({
  id: newEventId(),
  type,
  data,
  metadata: meta,
});

describe('No event can halt a projection', () => {
  let platform: TestPlatform;
  let admin: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const everyProjectionAtHead = async () => {
    const head = (await platform.store.head()).position;
    await waitForCheckpoints(
      platform.knex,
      allProjections(platform.store).map((projection) => projection.name),
      head,
      30_000,
    );
    return head;
  };

  it('should apply events with extreme but schema-valid values in every projection, long texts indexed', async () => {
    const huge = longText(100_000);
    const institution = await approvedInstitution(platform, admin, 'Extreme Values Bank');
    await platform.store.append('institution-900001', [
      event(
        'InstitutionRegistered',
        { institutionId: 900001, name: huge, email: `${'a'.repeat(64)}@${'b'.repeat(60)}.test`, passwordHash: HASH },
        metadata(longText(3_000), 900001, { ip: longText(5_000), userAgent: longText(10_000) }),
      ),
      event('InstitutionRejected', { institutionId: 900001, reason: huge }),
      event('InstitutionDetailsChanged', { institutionId: 900001, name: huge, logo: `data:image/png;base64,${'A'.repeat(400_000)}` }),
    ]);
    await platform.store.append('admin-900002', [
      event('AdminCreated', { adminId: 900002, name: huge, email: 'extreme@admins.test', passwordHash: HASH, role: 'auditor' }),
    ]);
    await platform.store.append('scoring-model', [
      event('VariableCategoryCreated', {
        categoryId: 900003,
        name: huge,
        description: huge,
        creditLimitWeight: 5e-324,
        interestRateWeight: 100,
      }),
      event('ParameterTemplateCreated', {
        parameterId: 900004,
        uniqueCode: UNIQUE_CODE_LIMIT,
        name: huge,
        description: huge,
        recommendedRange: huge,
        impact: 'neutral',
        defaultValue: 1.7976931348623157e308,
        isActive: false,
        isRequired: false,
        isInstitutionSpecific: true,
        normalizationFormula: huge,
      }),
    ]);
    await platform.store.append(`institution-parameters-${institution.id}`, [
      event('InstitutionParametersSet', {
        institutionId: institution.id,
        reason: 'set',
        changes: [
          { valueId: 900005, parameterId: 900004, parameterName: huge, uniqueCode: -UNIQUE_CODE_LIMIT, oldValue: -1e308, value: 5e-324 },
        ],
      }),
    ]);
    const { headers, rows } = starterRows(3);
    rows[0][headers.indexOf('reference_number')] = longText(2_000);
    rows[1][headers.indexOf('name')] = longText(2_000);
    const batch = handWrittenBatch({ id: institution.id, name: longText(3_000) }, 900006, {
      headers,
      modelVersion: 1,
      name: longText(2_000),
    });
    await platform.store.append('batch-900006', [batch.started(3, 1), batch.chunk(0, rows), batch.completed(3, 3)]);

    const head = await everyProjectionAtHead();
    expect(await platform.knex('projection_failures').select('projection', 'event_type', 'reason')).toEqual([]);
    expect(await platform.knex('audit_log').where({ position: head }).first('event_type')).toEqual({ event_type: 'BatchUploadCompleted' });
    const stored = await platform.knex('clients').where({ institution_id: institution.id }).pluck('reference_number');
    expect(stored).toContain(longText(2_000));
    const health = await platform.request('/api/health');
    expect(health.body.data.status).toBe('ok');
    for (const projection of health.body.data.projections) expect(projection).toMatchObject({ behind: 0, failedEvents: 0 });
  });

  it('should record an event no table can hold as failed, go on, and show it in health and system information', async () => {
    // Valid for the schema (a positive integer), past what PostgreSQL's integer ids hold.
    const impossible = event(
      'InstitutionRegistered',
      { institutionId: 1e15, name: 'Impossible Bank', email: 'impossible@bank.test', passwordHash: HASH },
      metadata('Impossible Bank', null),
    );
    const { position } = await platform.store.append('institution-impossible', [impossible]);
    const signIn = await platform.request('/api/admin/login', { method: 'POST', json: TEST_ADMIN });
    expect(signIn.status).toBe(200);
    await everyProjectionAtHead();

    const failures = await platform.knex('projection_failures').where({ position }).select('projection', 'event_type');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures).toContainEqual({ projection: 'identity', event_type: 'InstitutionRegistered' });
    const health = await platform.request('/api/health');
    expect(health.body.data.status).toBe('degraded');
    expect(health.body.data.projections.find((projection: { name: string }) => projection.name === 'identity')).toMatchObject({
      behind: 0,
      failedEvents: 1,
    });
    expect(JSON.stringify(health.body)).not.toContain('reason');

    const system = await platform.request('/api/admin/system', { headers: bearer(admin) });
    expect(system.status).toBe(200);
    expect(system.body.data.failedEvents).toContainEqual(
      expect.objectContaining({
        projection: 'identity',
        position,
        eventType: 'InstitutionRegistered',
        reason: expect.stringContaining('out of range'),
      }),
    );
    const institution = await approvedInstitution(platform, admin, 'Later Bank');
    expect((await platform.request('/api/admin/system', { headers: bearer(institution.token) })).status).toBe(403);

    // The sign-in after the failed event is audited.
    const audit = await platform.request('/api/admin/audit?action=login&limit=100', {
      headers: { ...bearer(admin), 'X-Min-Position': String(signIn.body.position ?? position + 1) },
    });
    expect(audit.body.data.logs.some((log: { position?: number; id?: number }) => Number(log.position ?? log.id) > position)).toBe(true);
  });
});
