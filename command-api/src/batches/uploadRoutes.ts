import type { IncomingMessage, ServerResponse } from 'node:http';
import multer from 'multer';
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  assertCanAccessInstitution,
  ConflictError,
  NotFoundError,
  assertBodyWithinBounds,
  assertSignedIn,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { nextId } from '../accounts/emailReservations';
import { answer, metadataFor } from '../http/answer';
import { asBody, optionalText } from '../http/input';
import { generateRows } from '@credit/scoring';
import { loadAccount } from '../access/account';
import { fileTypeOf } from './fileType';
import { uploadBatch } from './uploadBatch';
import { assertBatchProcessingEnabled } from '../settings/settingsRoutes';
import { recordTemplateDownload } from './templateDownloads';
import { notesRows, templateColumns } from './templateColumns';
import { templateWorkbook, workbookRows, XLSX_TYPE } from './templateWorkbook';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ERRORS_IN_ANSWER = 200;

type UploadedFile = { originalname: string; buffer: Buffer };

const receiveFile = multer({
  storage: multer.memoryStorage(),
  // Browsers write the file's name as UTF-8 bytes without saying so; busboy's default reads them as Latin-1
  // ('Microcrédits.csv' became 'MicrocrÃ©dits.csv').
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
}).single('csvFile') as unknown as (req: IncomingMessage, res: ServerResponse, done: (error?: unknown) => void) => void;

/** Multer's own errors become the platform's: 413 past 10 MB, 400 for a malformed form. */
async function readMultipart(ctx: Context): Promise<void> {
  if (!ctx.is('multipart')) throw new UnsupportedMediaTypeError('Send the file as multipart/form-data in the field csvFile');
  try {
    await new Promise<void>((resolve, reject) => receiveFile(ctx.req, ctx.res, (error) => (error ? reject(error) : resolve())));
    const req = ctx.req as IncomingMessage & { file?: UploadedFile; body?: Record<string, unknown> };
    ctx.state.upload = { file: req.file, fields: { ...(req.body ?? {}) } };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') throw new PayloadTooLargeError('The file is larger than the 10 MB limit');
    if (code === 'LIMIT_UNEXPECTED_FILE') throw new ValidationError('Send exactly one file, in the field csvFile');
    throw new ValidationError(`The upload could not be read: ${(error as Error).message}`);
  }
}

export function uploadRoutes(router: Router, deps: CommandDeps): void {
  router.post('/csv/upload', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    await readMultipart(ctx);
    const { file, fields } = ctx.state.upload as { file?: UploadedFile; fields: Record<string, unknown> };
    assertBodyWithinBounds({ ...fields, fileName: file?.originalname });
    const body = asBody(fields);
    const institutionId = user.isAdmin ? Number(optionalText(body, 'institutionId', 'institution_id')) : (user.institutionId as number);
    if (!Number.isSafeInteger(institutionId) || institutionId <= 0) throw new ValidationError('Institution ID is required');
    assertCanAccessInstitution(user, institutionId);
    if (user.isAdmin) {
      const institution = await loadAccount(deps.store, 'institution', institutionId);
      if (!institution || institution.status === 'closed') throw new NotFoundError('Institution not found');
      if (institution.status !== 'active') throw new ConflictError('Batches can only be uploaded for an approved, active institution');
    }
    await assertBatchProcessingEnabled(deps.store);
    if (!file) throw new ValidationError('Please choose a file to upload (field csvFile)');
    const fileType = fileTypeOf(file.originalname);
    if (!fileType) throw new UnsupportedMediaTypeError('Only .csv, .xlsx and .xls files are accepted');
    const name = optionalText(body, 'batchName', 'batch_name')?.trim() ?? '';
    if (name === '') throw new ValidationError('Batch name is required');
    const description = optionalText(body, 'batchDescription', 'batch_description')?.trim() || null;

    const batchId = await batchIdFor(deps, institutionId, ctx.get('idempotency-key'));
    const outcome = await uploadBatch(deps, {
      batchId,
      institutionId,
      name,
      description,
      fileName: file.originalname,
      fileType,
      file: file.buffer,
      metadata: metadataFor(ctx, user, institutionId),
    });
    // A retry that stored nothing (same Idempotency-Key, same file) reports what the batch has become since.
    const status = outcome.status === 'processing' && !outcome.result.appended ? await currentStatus(deps, batchId) : outcome.status;
    const data = {
      batch: {
        id: batchId,
        name,
        filename: file.originalname,
        status,
        total_records: outcome.totalRows,
        modelVersion: outcome.modelVersion,
      },
      errors: outcome.errors.slice(0, ERRORS_IN_ANSWER),
      errorCount: outcome.errors.length,
      processing: { totalRecords: outcome.totalRows, acceptedRecords: outcome.acceptedRows, failedRecords: outcome.rejectedRows },
    };
    if (outcome.status === 'failed') {
      ctx.status = 422;
      answer(ctx, outcome.reason ?? 'Error processing batch', data, outcome.result);
      ctx.body = { ...(ctx.body as object), success: false };
      return;
    }
    ctx.status = 201;
    const rejected = outcome.rejectedRows > 0 ? `, ${outcome.rejectedRows} rejected (see the error report)` : '';
    const progress = status === 'processing' ? 'Scoring is in progress.' : `Its status is ${status.replace(/_/g, ' ')}.`;
    answer(ctx, `Batch uploaded: ${outcome.acceptedRows} records accepted${rejected}. ${progress}`, data, outcome.result);
  });

  // `?purpose=check`: the upload page reading the columns to check a file against, not a download.
  router.get('/csv/template', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const format = downloadFormat(ctx);
    if (ctx.query.purpose !== 'check') await recordTemplateDownload(deps, ctx, user, 'template', format);
    const columns = templateColumns(await currentModel(deps));
    if (format === 'xlsx') return sendWorkbook(ctx, 'client_assessment_template.xlsx', await templateWorkbook(columns));
    ctx.set('Content-Disposition', 'attachment; filename="client_assessment_template.csv"');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = `${columns.map((column) => csvCell(column.name)).join(',')}\r\n`;
  });

  // The template's notes: per column, in the template's order, whether it is required, its kind, range and allowed values.
  router.get('/csv/template/notes', async (ctx) => {
    assertSignedIn(ctx.state.user);
    const rows = notesRows(templateColumns(await currentModel(deps)));
    ctx.set('Content-Disposition', 'attachment; filename="client_assessment_template_notes.csv"');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
  });

  // Twenty varied rows from the institution's current model, every cell readable and in range, so each row scores.
  router.get('/csv/sample', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const format = downloadFormat(ctx);
    await recordTemplateDownload(deps, ctx, user, 'sample', format);
    const model = await currentModel(deps);
    const generated = generateRows(model, 20, 2026, { missingRate: 0, invalidRate: 0, outOfRangeRate: 0 });
    if (format === 'xlsx') {
      const columns = templateColumns(model);
      return sendWorkbook(ctx, 'client_assessment_sample.xlsx', await templateWorkbook(columns, workbookRows(columns, generated)));
    }
    ctx.set('Content-Disposition', 'attachment; filename="client_assessment_sample.csv"');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = [generated.headers, ...generated.rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
  });
}

async function currentModel(deps: CommandDeps) {
  const head = (await deps.store.head()).position;
  return (await deps.models.modelAt(head)).snapshot;
}

/** `?format=xlsx` for the Excel workbook; CSV by default. */
function downloadFormat(ctx: Context): 'csv' | 'xlsx' {
  const format = ctx.query.format ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw new ValidationError('format must be csv or xlsx');
  return format;
}

function sendWorkbook(ctx: Context, fileName: string, workbook: Buffer): void {
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.type = XLSX_TYPE;
  ctx.body = workbook;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The batch's status as the scoring projection has it (`processing` until it has caught up). Only
 * an answer reads it; nothing is decided from it.
 */
async function currentStatus(deps: CommandDeps, batchId: number): Promise<string> {
  const row = await deps.knex('batches').where({ id: batchId }).first('status');
  return (row?.status as string | undefined) ?? 'processing';
}

/**
 * A new batch id, or, for an Idempotency-Key this institution used before, that batch's id: the
 * retried upload then resumes (or simply re-answers) the same batch instead of creating another.
 */
async function batchIdFor(deps: CommandDeps, institutionId: number, key: string): Promise<number> {
  if (key === '') return nextId(deps.knex, 'batch_ids');
  if (key.length > 200) throw new ValidationError('Idempotency-Key must be at most 200 characters');
  const candidate = await nextId(deps.knex, 'batch_ids');
  await deps
    .knex('upload_keys')
    .insert({ institution_id: institutionId, key, batch_id: candidate })
    .onConflict(['institution_id', 'key'])
    .ignore();
  const row = await deps.knex('upload_keys').where({ institution_id: institutionId, key }).first('batch_id');
  return Number(row.batch_id);
}
