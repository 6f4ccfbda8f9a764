/** The audit log's action values, exactly as the spec lists them: the audit projection writes only these, the audit queries filter by them. */
export const AUDIT_ACTIONS = ['login', 'logout', 'view', 'update', 'calculate', 'batch', 'export', 'system'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
