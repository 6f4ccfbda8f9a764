import { baseApi, type Envelope } from '../../api/baseApi';
import { notesColumns, type TemplateColumn } from './headerCheck';
import type { BatchStatus, Pagination, UploadBatch } from '../../shared/types';

export type BatchError = { row: number; column: string | null; reason: string };
export type UploadAnswer = Envelope<{
  batch: Pick<UploadBatch, 'id' | 'name' | 'filename' | 'status' | 'total_records'>;
  errors: BatchError[];
  errorCount: number;
  processing: { totalRecords: number; acceptedRecords: number; failedRecords: number };
}>;

type BatchListArgs = { page: number; status: BatchStatus | '' };
type ErrorsArgs = { id: number; page: number; limit: number };

/** Uploads, batch jobs and their error reports (spec §7, Uploads and results). */
export const batchesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    batches: build.query<{ batches: UploadBatch[]; pagination: Pagination }, BatchListArgs>({
      query: ({ page, status }) => ({ url: '/csv/batches', params: { page, limit: 20, ...(status ? { status } : {}) } }),
      transformResponse: (answer: Envelope<{ batches: UploadBatch[]; pagination: Pagination }>) => answer.data!,
      providesTags: [{ type: 'Batch', id: 'LIST' }],
    }),
    batch: build.query<UploadBatch, number>({
      query: (id) => `/csv/batch/${id}`,
      transformResponse: (answer: Envelope<UploadBatch>) => answer.data!,
      providesTags: (_result, _error, id) => [{ type: 'Batch', id }],
    }),
    batchErrors: build.query<{ errors: BatchError[]; failureReason: string | null; pagination: Pagination }, ErrorsArgs>({
      query: ({ id, page, limit }) => ({ url: `/csv/batch/${id}/errors`, params: { page, limit } }),
      transformResponse: (answer: Envelope<{ errors: BatchError[]; failureReason: string | null; pagination: Pagination }>) => answer.data!,
      providesTags: (_result, _error, { id }) => [{ type: 'Batch', id }],
    }),
    // The template's columns in the model's order, each required or optional, from the column notes (for the check before
    // sending; reading the notes does not count as the institution downloading the template).
    templateColumns: build.query<TemplateColumn[], void>({
      query: () => ({ url: '/csv/template/notes', responseHandler: 'text' }),
      transformResponse: (text: string) => notesColumns(text),
    }),
    uploadBatch: build.mutation<UploadAnswer, FormData>({
      query: (body) => ({ url: '/csv/upload', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Batch', id: 'LIST' }, 'Result', 'Dashboard']),
    }),
  }),
});

export const {
  useBatchesQuery,
  useBatchQuery,
  useBatchErrorsQuery,
  useLazyBatchErrorsQuery,
  useUploadBatchMutation,
  useLazyTemplateColumnsQuery,
} = batchesApi;
