import type { AuditEntry } from './auditApi';

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or return) is written as text. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: unknown): string {
  const text = neutralise(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const AUDIT_CSV_HEADER = [
  'Timestamp',
  'User',
  'Role',
  'User ID',
  'Action',
  'Description',
  'IP Address',
  'Institution ID',
  'Event',
  'Details',
];

/** The audit rows as CSV (UTF-8 with a byte-order mark so Excel reads accents), one line per entry, header first. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = [AUDIT_CSV_HEADER.map(cell).join(',')];
  for (const entry of entries) {
    lines.push(
      [
        new Date(entry.timestamp).toISOString(),
        entry.actor.name,
        entry.actor.role,
        entry.actor.id,
        entry.action,
        entry.description,
        entry.ip,
        entry.institutionId,
        entry.eventType,
        Object.keys(entry.details ?? {}).length > 0 ? JSON.stringify(entry.details) : '',
      ]
        .map(cell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
