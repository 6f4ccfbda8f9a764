import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchJobsList } from './BatchJobsList';
import { BatchProgress } from './BatchProgress';
import { UploadCard } from './UploadCard';
import { MemberMay } from '../../session/MemberMay';

/** Batch Client Assessment (/batch-assessment): upload, the batch's progress and errors, the jobs list. */
export function BatchAssessmentPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<number | null>(null);
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" component="h1">
          {t('pages.batchAssessment')}
        </Typography>
        <Typography color="text.secondary">{t('batches.intro')}</Typography>
      </div>
      <MemberMay action="upload">
        <UploadCard onUploaded={setCurrent} />
      </MemberMay>
      {current !== null && <BatchProgress key={current} batchId={current} />}
      <BatchJobsList />
    </Stack>
  );
}
