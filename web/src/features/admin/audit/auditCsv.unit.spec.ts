import { auditCsv, neutralise } from './auditCsv';
import type { AuditEntry } from './auditApi';

const entry = (description: string, name = 'Admin'): AuditEntry => ({
  id: 1,
  position: 1,
  eventId: 'e',
  eventType: 'InstitutionApproved',
  timestamp: '2026-11-23T09:00:00.000Z',
  user: name,
  actor: { id: '1', role: 'admin', name },
  action: 'update',
  description,
  ip: '127.0.0.1',
  userAgent: null,
  institutionId: 4,
  correlationId: 'c',
  details: { reason: 'a, "quoted" reason' },
});

describe('Audit CSV', () => {
  it('should neutralise cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+33 6', '-2', '@SUM(A1)', 'plain'].map(neutralise)).toEqual(["'=1+1", "'+33 6", "'-2", "'@SUM(A1)", 'plain']);
  });

  it('should quote commas, quotes and line breaks and neutralise every column', () => {
    const lines = auditCsv([entry('=HYPERLINK("x")', '-Mallory')])
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Timestamp,User,Role,User ID,Action,Description,IP Address,Institution ID,Event,Details');
    expect(lines[1]).toBe(
      `2026-11-23T09:00:00.000Z,'-Mallory,admin,1,update,"'=HYPERLINK(""x"")",127.0.0.1,4,InstitutionApproved,"{""reason"":""a, \\""quoted\\"" reason""}"`,
    );
  });
});
