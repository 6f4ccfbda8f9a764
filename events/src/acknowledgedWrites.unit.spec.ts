import { acknowledgedWritesOf, adminPrincipal, institutionPrincipal, PLATFORM_PRINCIPAL } from './acknowledgedWrites';
import type { EventMetadata } from './metadata';

const by = (actor: EventMetadata['actor'], institutionId: number | null = null): EventMetadata => ({
  actor,
  institutionId,
  correlationId: 'c',
  occurredAt: '2026-11-27T20:00:00.000Z',
});
const admin = { id: '7', role: 'admin', name: 'Ada' } as const;
const bank = { id: '12', role: 'institution', name: 'Banque' } as const;
const member = { ...bank, name: 'Ana', member: { id: 3, name: 'Ana', email: 'ana@bank.test', role: 'analyst' as const } };

describe('The writes an append acknowledges', () => {
  it("should be an institution's when it, or a member of its team, wrote them", () => {
    const rows = acknowledgedWritesOf([{ type: 'InstitutionParametersSet', metadata: by(member, 12) }], {
      position: 40,
      revision: 3,
      appended: true,
    });
    expect(rows).toEqual([{ principal: institutionPrincipal(12), eventType: 'InstitutionParametersSet', position: 40 }]);
  });

  it('should be both the administrator’s and the institution’s when an administrator acts on an institution', () => {
    const rows = acknowledgedWritesOf([{ type: 'InstitutionApproved', metadata: by(admin, 12) }], {
      position: 9,
      revision: 1,
      appended: true,
    });
    expect(rows.map((row) => row.principal)).toEqual([adminPrincipal(7), institutionPrincipal(12)]);
  });

  it('should be every institution’s when the scoring model changes', () => {
    const rows = acknowledgedWritesOf([{ type: 'VariableDefined', metadata: by(admin) }], { position: 5, revision: 0, appended: true });
    expect(rows.map((row) => row.principal)).toEqual([adminPrincipal(7), PLATFORM_PRINCIPAL]);
  });

  it('should place each type at most at its own event’s position, never before it', () => {
    const events = ['BatchUploadStarted', 'ClientRecordsUploaded', 'ClientRecordsUploaded', 'BatchUploadCompleted'].map((type) => ({
      type,
      metadata: by(bank, 12),
    }));
    const rows = acknowledgedWritesOf(events, { position: 104, revision: 3, appended: true });
    expect(Object.fromEntries(rows.map((row) => [row.eventType, row.position]))).toEqual({
      BatchUploadStarted: 101,
      ClientRecordsUploaded: 103,
      BatchUploadCompleted: 104,
    });
  });

  it('should leave nothing for the system acting on no institution', () => {
    const system = { id: 'system', role: 'system', name: 'System' } as const;
    expect(
      acknowledgedWritesOf([{ type: 'AccountUnderAttack', metadata: by(system) }], { position: 3, revision: 0, appended: true }),
    ).toEqual([]);
  });
});
