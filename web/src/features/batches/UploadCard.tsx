import CloudUpload from '@mui/icons-material/CloudUpload';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatNumber } from '../../shared/formatting';
import { TextInput } from '../../shared/TextInput';
import { useLazyTemplateColumnsQuery, useUploadBatchMutation } from './api';
import { csvHeader, fileHead, hasProblems, headerProblems, isWorkbook, workbookHeader, type HeaderProblems } from './headerCheck';
import { useDownloadFileMutation } from '../../api/downloadApi';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED = ['.csv', '.xlsx', '.xls'];

/** Why a file cannot be sent (type or size), or null. The server's limits stay the rule. */
export function fileProblem(file: File): 'batches.wrongType' | 'batches.tooLarge' | 'batches.emptyFile' | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED.some((extension) => name.endsWith(extension))) return 'batches.wrongType';
  if (file.size > MAX_UPLOAD_BYTES) return 'batches.tooLarge';
  if (file.size === 0) return 'batches.emptyFile';
  return null;
}

type Props = { onUploaded: (batchId: number) => void };

/** The upload area: drop or pick a file, name the batch, send it; the template download beside it. */
export function UploadCard({ onUploaded }: Props) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [dragging, setDragging] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadBatchMutation();
  const [downloadFile] = useDownloadFileMutation();
  const [templateColumns] = useLazyTemplateColumnsQuery();
  const [columns, setColumns] = useState<HeaderProblems | null>(null);
  const checking = useRef<File | null>(null);
  // The server would refuse every row of a file without a required column: it is not sent.
  const blocked = file !== null && columns !== null && columns.missingRequired.length > 0;

  // The file's header row (a CSV's first line, a workbook's first row) against the template's columns, before
  // sending. Missing optional and unknown columns only warn; nothing is said if either side cannot be read.
  const checkColumns = async (chosen: File) => {
    checking.current = chosen;
    setColumns(null);
    try {
      const [found, expected] = await Promise.all([
        isWorkbook(chosen.name) ? workbookHeader(chosen) : fileHead(chosen).then(csvHeader),
        templateColumns(undefined, true).unwrap(),
      ]);
      const problems = headerProblems(found, expected);
      if (checking.current === chosen && hasProblems(problems)) setColumns(problems);
    } catch {
      if (checking.current === chosen) setColumns(null);
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setServerError(null);
    if (problem) {
      setFile(null);
      setFileError(t(problem));
      return;
    }
    setFile(chosen);
    setFileError(null);
    void checkColumns(chosen);
    if (name.trim() === '') setName(chosen.name.replace(/\.[^.]+$/, ''));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = async () => {
    let ok = true;
    if (!file) {
      setFileError(t('batches.fileRequired'));
      ok = false;
    }
    if (name.trim() === '') {
      setNameError(t('batches.nameRequired'));
      ok = false;
    }
    if (!ok || !file || blocked) return;
    const form = new FormData();
    form.append('batchName', name.trim());
    if (description.trim() !== '') form.append('batchDescription', description.trim());
    form.append('csvFile', file);
    setServerError(null);
    try {
      const answer = await upload(form).unwrap();
      if (answer.data) onUploaded(answer.data.batch.id);
      // What was received, not the scoring's state: the progress card below follows that (a toast saying
      // "scoring is in progress" stayed on screen after a small batch had completed).
      toast.success(t('batches.uploaded', { count: answer.data?.processing.acceptedRecords ?? 0 }));
      setFile(null);
      setName('');
      setDescription('');
      if (input.current) input.current.value = '';
    } catch (error) {
      const message = shownMessage(error);
      setServerError(message ?? t('batches.uploadFailed'));
      const batchId = (error as { data?: { data?: { batch?: { id?: number } } } }).data?.data?.batch?.id;
      if (typeof batchId === 'number') onUploaded(batchId);
    }
  };

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      const path = format === 'xlsx' ? '/csv/template?format=xlsx' : '/csv/template';
      await downloadFile({ path, filename: `client_assessment_template.${format}` }).unwrap();
    } catch {
      toast.error(t('batches.templateFailed'));
    }
  };

  const notes = async () => {
    try {
      await downloadFile({ path: '/csv/template/notes', filename: 'client_assessment_template_notes.csv' }).unwrap();
    } catch {
      toast.error(t('batches.notesFailed'));
    }
  };

  const sample = async (format: 'csv' | 'xlsx') => {
    try {
      const path = format === 'xlsx' ? '/csv/sample?format=xlsx' : '/csv/sample';
      await downloadFile({ path, filename: `client_assessment_sample.${format}` }).unwrap();
    } catch {
      toast.error(t('batches.sampleFailed'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h2" component="h2">
          {t('batches.uploadTitle')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<Download />} onClick={() => void template('csv')}>
            {t('batches.downloadTemplate')}
          </Button>
          <Button variant="outlined" startIcon={<Download />} onClick={() => void template('xlsx')}>
            {t('batches.downloadTemplateExcel')}
          </Button>
          <Button variant="text" startIcon={<Download />} onClick={() => void notes()}>
            {t('batches.downloadNotes')}
          </Button>
          <Button variant="text" startIcon={<Download />} onClick={() => void sample('csv')}>
            {t('batches.downloadSample')}
          </Button>
          <Button variant="text" startIcon={<Download />} onClick={() => void sample('xlsx')}>
            {t('batches.downloadSampleExcel')}
          </Button>
        </Stack>
      </Stack>
      <ErrorBanner message={serverError} onClose={() => setServerError(null)} />
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: fileError ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'rgba(11, 74, 111, 0.06)' : 'background.default',
          borderRadius: 2,
          p: { xs: 2.5, sm: 4 },
          textAlign: 'center',
        }}
      >
        <CloudUpload sx={{ fontSize: 44, color: 'primary.main' }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('batches.dropHere')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('batches.acceptedTypes')}
        </Typography>
        <Button variant="contained" component="label" startIcon={<Description />}>
          {t('batches.chooseFile')}
          <input
            ref={input}
            hidden
            type="file"
            accept=".csv,.xlsx,.xls,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('batches.chooseFile')}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
        {file && (
          <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="chosen-file">
            {t('batches.chosenFile', { name: file.name, size: formatNumber(file.size / 1024, i18n.language, 1) })}
          </Typography>
        )}
        {file && columns && (
          <Box sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="column-check">
            {blocked && (
              <Typography role="alert" color="error">
                {t('batches.columnsRequiredMissing', {
                  count: columns.missingRequired.length,
                  columns: columns.missingRequired.join(', '),
                })}
              </Typography>
            )}
            {(columns.missingOptional.length > 0 || columns.unknown.length > 0) && (
              <Typography role="status" color="warning.dark">
                {columns.missingOptional.length > 0 &&
                  t('batches.columnsMissing', { count: columns.missingOptional.length, columns: columns.missingOptional.join(', ') })}
                {columns.missingOptional.length > 0 && columns.unknown.length > 0 && ' '}
                {columns.unknown.length > 0 &&
                  t('batches.columnsUnknown', { count: columns.unknown.length, columns: columns.unknown.join(', ') })}
              </Typography>
            )}
          </Box>
        )}
        {fileError && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {fileError}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, columnGap: 2 }}>
        <TextInput
          id="batch-name"
          label={t('batches.batchName')}
          value={name}
          required
          error={nameError !== null}
          helperText={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          onBlur={() => setNameError(name.trim() === '' ? t('batches.nameRequired') : null)}
        />
        <TextInput
          id="batch-description"
          label={t('batches.batchDescription')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button variant="contained" size="large" startIcon={<CloudUpload />} disabled={isLoading || blocked} onClick={() => void submit()}>
          {isLoading ? t('batches.uploading') : t('batches.upload')}
        </Button>
      </Stack>
    </Paper>
  );
}
