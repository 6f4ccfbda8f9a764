import { domainCatalogue, identityEvents, systemActor, type EventMetadata, type RecordedEvent } from '@credit/events';
import { auditProjection, auditRow } from './auditProjection';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA';
const admin: EventMetadata['actor'] = { id: '1', role: 'admin', name: 'System Administrator' };

const recorded = (type: string, data: Record<string, unknown>, actor = admin): RecordedEvent => ({
  id: '7f7a3c34-4f6e-4b8e-9d42-4fd2a6f0b6a1',
  streamId: 'stream-1',
  revision: 0,
  position: 42,
  type,
  schemaVersion: 1,
  data,
  metadata: { actor, institutionId: 12, ip: '10.0.0.1', userAgent: 'jest', correlationId: 'req-1', occurredAt: '2026-11-22T10:00:00.000Z' },
  recordedAt: '2026-11-22T10:00:01.000Z',
});

describe('Audit rows', () => {
  describe('When the projection is built', () => {
    it('should read every event type of the domain catalogue but a batch’s bulk record chunks', () => {
      const expected = domainCatalogue()
        .types()
        .filter((type) => type !== 'ClientRecordsUploaded' && type !== 'BatchRowsRejected');
      expect([...auditProjection().eventTypes].sort()).toEqual(expected.sort());
      expect(expected.length).toBe(domainCatalogue().types().length - 2);
    });
  });

  describe('When classifying actions', () => {
    it.each([
      ['UserSignedIn', admin, 'login'],
      ['SignInFailed', admin, 'login'],
      ['UserSignedOut', admin, 'logout'],
      ['BatchUploadStarted', admin, 'batch'],
      ['ClientRecordsUploaded', systemActor, 'batch'],
      ['ResultsExported', admin, 'export'],
      ['TemplateDownloaded', admin, 'view'],
      ['InstitutionParametersConfirmed', admin, 'view'],
      ['ClientScored', systemActor, 'calculate'],
      ['AdminCreated', systemActor, 'system'],
      ['InstitutionApproved', admin, 'update'],
      ['SomethingNewHappened', admin, 'update'],
    ] as const)('should file %s by %s as %s', (type, actor, action) => {
      expect(auditRow(recorded(type, {}, { ...actor })).action).toBe(action);
    });
  });

  describe('When describing events', () => {
    it.each([
      [
        'InstitutionRegistered',
        { institutionId: 12, name: 'Ecobank Douala', email: 'ops@ecobank.test', passwordHash: HASH },
        'Institution Ecobank Douala registered',
      ],
      ['InstitutionApproved', { institutionId: 12 }, 'Approved institution REG-12'],
      ['InstitutionRejected', { institutionId: 12, reason: 'No licence' }, 'Rejected institution REG-12: No licence'],
      ['InstitutionParametersConfirmed', { institutionId: 12 }, 'Confirmed the parameter values of institution REG-12 as they stand'],
      [
        'SignInFailed',
        { kind: 'institution', email: 'x@y.test', reason: 'wrong_password' },
        'Failed sign-in for x@y.test (wrong password)',
      ],
      [
        'InstitutionPasswordChanged',
        { institutionId: 12, passwordHash: HASH, via: 'reset' },
        'Password of institution REG-12 changed by password reset',
      ],
      [
        'AdminDetailsChanged',
        { adminId: 3, name: 'Ada', profilePhoto: 'data:image/png;base64,AAAA' },
        'Updated administrator #3: name "Ada", profile photo changed',
      ],
      [
        'PasswordResetRequested',
        { kind: 'admin', userId: 3, codeHash: 'abc', expiresAt: '2026-11-22T10:05:00.000Z' },
        'Password reset code requested for administrator #3',
      ],
      [
        'LogVerified',
        { outcome: 'intact', headPosition: 1200, headHash: 'a'.repeat(64), checked: 1200, durationMs: 15 },
        'Verified the event log: intact up to position 1200',
      ],
      [
        'LogVerified',
        {
          outcome: 'broken',
          headPosition: 1200,
          headHash: 'a'.repeat(64),
          brokenAt: 17,
          reason: 'stored hash does not match the recomputed one',
          checked: 16,
          durationMs: 9,
        },
        'Verified the event log: BROKEN at position 17: stored hash does not match the recomputed one',
      ],
      ['WidgetPolished', { widgetId: 5, name: 'Blue' }, 'Widget polished "Blue" (widget #5)'],
      ['NothingToSay', {}, 'Nothing to say'],
    ])('should describe %s in plain English', (type, data, description) => {
      expect(auditRow(recorded(type, data)).description).toBe(description);
    });

    it('should give every identity event a sentence that carries no secret', () => {
      for (const { type } of identityEvents) {
        const row = auditRow(
          recorded(type, {
            institutionId: 12,
            adminId: 3,
            userId: 3,
            kind: 'admin',
            name: 'N',
            email: 'e@x.test',
            passwordHash: HASH,
            codeHash: 'c0de',
            code: '123456',
            reason: 'inactive',
            comment: 'c',
            via: 'profile',
            expiresAt: 'later',
          }),
        );
        expect(row.description).not.toMatch(/argon2|c0de|123456|hash/i);
        expect(row.details).not.toMatch(/argon2|c0de|123456|hash/i);
        expect(row.description).not.toBe(type);
      }
    });
  });

  describe('When keeping the payload’s facts', () => {
    it('should keep plain values and leave out secrets, lists and long texts', () => {
      const row = auditRow(
        recorded('ParameterTemplateUpdated', {
          parameterId: 4,
          isActive: false,
          name: 'Minimum Credit Limit',
          passwordHash: HASH,
          rows: [['a']],
          logo: 'x'.repeat(500),
          note: null,
        }),
      );
      expect(JSON.parse(row.details)).toEqual({ parameterId: 4, isActive: false, name: 'Minimum Credit Limit', note: null });
      expect(row).toMatchObject({
        position: 42,
        occurred_at: '2026-11-22T10:00:00.000Z',
        institution_id: 12,
        ip: '10.0.0.1',
        actor_name: 'System Administrator',
      });
    });
  });
});
