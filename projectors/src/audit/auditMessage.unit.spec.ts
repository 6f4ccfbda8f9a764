import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainCatalogue, type EventMetadata } from '@credit/events';
import { auditMessage } from './auditMessage';

type Texts = { [key: string]: string | Texts };
const locale = (language: string): Texts =>
  JSON.parse(readFileSync(join(__dirname, `../../../web/src/locales/${language}.json`), 'utf8')) as Texts;
const messages = (language: string) => ((locale(language).serverText as Texts).activity as Texts).messages as Texts;

const member: EventMetadata['actor'] = {
  id: 'm-4',
  role: 'institution',
  name: 'Bank',
  member: { id: 4, name: 'Awa Diallo', email: 'awa@bank.test', role: 'analyst' },
};
const metadata = (actor: EventMetadata['actor']): EventMetadata => ({ actor, correlationId: 'c', occurredAt: '2026-11-27T10:00:00.000Z' });

// Payloads that reach every variant: each flag and each optional part both present and absent.
const payloads: Record<string, unknown>[] = [
  {},
  { institutionId: 12, adminId: 3, userId: 3, memberId: 4, batchId: 9, categoryId: 2, variableId: 5, parameterId: 6, name: 'N' },
  { kind: 'admin', role: 'auditor', via: 'reset', reason: 'wrong_password', comment: 'c', scope: 'address', isActive: true },
  { kind: 'institution', role: 'analyst', via: 'profile', reason: 'reset', isActive: false, outcome: 'intact', headPosition: 8 },
  { reason: 'inactive', outcome: 'broken', brokenAt: 7, format: 'csv', batchId: 9, fileName: 'a.csv', totalRows: 3, logo: null },
  { reason: 'unknown_email', institutionId: 12, rows: 4, email: 'e@x.test', logo: 'data:', profilePhoto: 'data:', name: 'N' },
  { reason: 'rate_limited', institutionId: 12, format: 'xlsx', profilePhoto: null, email: 'e@x.test' },
  { reason: 'something new', name: 'N', totalRows: 0, changes: [1, 2], proportions: [1], errors: [1] },
  { reason: 'No licence', institutionId: null, scope: 'institution' },
];

const codes = () =>
  domainCatalogue()
    .types()
    .flatMap((type) => payloads.map((data) => auditMessage({ type, data })));

const localeKeys = (code: string) => {
  const [type, variant = 'default'] = code.split('.');
  return { type, variant };
};

describe('Audit messages', () => {
  describe('When an event type of the catalogue is described', () => {
    it('should give it a code that starts with its type and parts with no secret', () => {
      for (const type of domainCatalogue().types()) {
        const message = auditMessage({ type, data: { ...payloads[1], passwordHash: '$argon2id$x', code: '123456' } });
        expect(message?.code.split('.')[0]).toBe(type);
        expect(JSON.stringify(message?.params)).not.toMatch(/argon2|123456/);
      }
    });

    it.each(['en', 'fr'])('should find every code it gives in the %s locale, with a plural when it counts', (language) => {
      const texts = messages(language);
      for (const message of codes()) {
        const { type, variant } = localeKeys(message!.code);
        const node = texts[type] as Texts | undefined;
        const plural = 'count' in message!.params;
        expect([message!.code, plural ? node?.[`${variant}_one`] && node?.[`${variant}_other`] : node?.[variant]]).toEqual([
          message!.code,
          expect.any(String),
        ]);
      }
    });
  });

  describe('When a batch upload completes', () => {
    it('should give the accepted rows as the count a plural agrees with', () => {
      expect(auditMessage({ type: 'BatchUploadCompleted', data: { batchId: 9, acceptedRows: 1, rejectedRows: 2 } })).toEqual({
        code: 'BatchUploadCompleted',
        params: { batchId: '9', count: 1, rejected: 2 },
      });
    });
  });

  describe('When a reason is given', () => {
    it('should add it to the variant', () => {
      expect(auditMessage({ type: 'InstitutionRejected', data: { institutionId: 12, reason: ' No licence ' } })).toEqual({
        code: 'InstitutionRejected.reason',
        params: { id: '12', reason: 'No licence' },
      });
      expect(auditMessage({ type: 'LogVerified', data: { outcome: 'broken', brokenAt: 7, reason: 'hash' } })?.code).toBe(
        'LogVerified.broken_reason',
      );
    });
  });

  describe('When a team member acts for its institution', () => {
    it('should name the member and its role', () => {
      expect(auditMessage({ type: 'ResultsExported', data: { rows: 21, format: 'csv' }, metadata: metadata(member) })).toEqual({
        code: 'ResultsExported',
        params: { count: 21, format: 'csv', byName: 'Awa Diallo', byRole: 'analyst' },
      });
    });
  });

  describe('When the event type is unknown', () => {
    it('should give no code, so pages show the English description', () => {
      expect(auditMessage({ type: 'SomethingNewHappened', data: {} })).toBeNull();
    });
  });
});
