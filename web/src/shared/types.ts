// The server's resources that more than one feature reads (a feature's own shapes stay in its api.ts).

/** A platform account's role: an auditor reads what an administrator reads and changes nothing. */
export type AdminRole = 'administrator' | 'auditor';

/** An institution's team roles (issue 23): the owner (the institution's own account), analysts who read, uploaders who upload and read. */
export type TeamRole = 'owner' | 'analyst' | 'uploader';

export type BatchStatus = 'processing' | 'completed' | 'completed_with_errors' | 'failed';

/** Upload batch (spec §3): the server adds name, description and the failure reason. */
export type UploadBatch = {
  id: number;
  name: string;
  description: string | null;
  filename: string;
  fileType: string;
  institutionId: number;
  status: BatchStatus;
  total_records: number;
  processed_records: number;
  failed_records: number;
  failureReason: string | null;
  createdAt: string;
  completedAt: string | null;
};

export type Pagination = { total: number; page: number; limit: number; totalPages: number };

/** An institution's value for one active parameter template (its own value or the template default). */
export type ParameterValue = {
  parameterId: number;
  value: number;
  savedValue: number | null;
  defaultValue: number;
  isDefault: boolean;
  updatedAt: string | null;
  userName: string | null;
  uniqueCode: number;
  name: string;
  description: string;
  recommendedRange: string;
  impact: string;
};
