/**
 * The database-access listing, as `databaseAccessProjection`'s migration creates it: every access
 * issued and whether it was revoked (never a password). The query side imports the row type.
 */
export const DATABASE_ACCESSES = 'database_accesses';

export type DatabaseAccessRow = {
  role_name: string;
  scope: 'institution' | 'platform';
  institution_id: number | null;
  member_id: number | null;
  label: string;
  connection_limit: number;
  issued_at: Date;
  issued_by: string;
  revoked_at: Date | null;
  revoked_by: string | null;
};

/** Where an issued role connects (README, "The analytics schema"): never a password. */
export type AnalyticsConnection = { host: string; port: number; database: string; sslmode: string };
