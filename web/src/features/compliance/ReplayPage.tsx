import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { formatDate } from '../../shared/formatting';
import { OutlinedField } from '../../shared/OutlinedField';
import { PageHeader } from '../../shared/PageHeader';
import { useBatchReplayQuery, useComplianceInstitutionsQuery, useRecentBatchesQuery } from './complianceApi';
import { ComparisonPanel } from './ComparisonPanel';
import { ComplianceNav } from './ComplianceNav';
import { MomentField } from './MomentField';
import { RecentBatches } from './RecentBatches';
import { ReproductionPanel } from './ReproductionPanel';
import { SectionTitle } from './SectionTitle';
import { useReplayFilters, type AgainstChoice } from './useReplayFilters';

const panelSx = { p: 2, mb: 3 } as const;
const AGAINST_CHOICES: readonly AgainstChoice[] = ['upload', 'now', 'moment'];

/** Batch replay (/admin/compliance/replay): a batch re-scored from the log, reproduced against its stored results and compared with another moment's model. */
export function ReplayPage() {
  const { t, i18n } = useTranslation();
  const state = useReplayFilters();
  const { batchId, against, page, limit, changedOnly } = state;
  const batches = useRecentBatchesQuery();
  const institutions = useComplianceInstitutionsQuery();
  const replay = useBatchReplayQuery({ batchId: batchId ?? 0, against, page, limit, changedOnly }, { skip: batchId === null });
  const institutionName = (id: number) => institutions.data?.find((institution) => institution.id === id)?.name ?? `#${id}`;
  const challengerLabel =
    against === 'upload'
      ? t('compliance.replay.againstUpload')
      : against === 'now'
        ? t('compliance.replay.againstNow')
        : /^\d+$/.test(against)
          ? t('compliance.replay.againstPosition', { position: against })
          : t('compliance.replay.againstDate', { date: formatDate(against, i18n.language, 'dateTime') });
  const data = replay.data;

  return (
    <>
      <PageHeader title={t('pages.replay')} subtitle={t('compliance.replay.subtitle')} />
      <ComplianceNav />

      <Paper variant="outlined" component="section" aria-labelledby="replay-form-title" sx={panelSx}>
        <SectionTitle id="replay-form-title">{t('compliance.replay.formTitle')}</SectionTitle>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (state.ready) state.replay();
          }}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, justifyItems: 'start' }}
        >
          <Box sx={{ width: '100%', maxWidth: 200 }}>
            <OutlinedField id="replay-batch" label={t('compliance.replay.batchId')}>
              <input
                id="replay-batch"
                inputMode="numeric"
                value={state.draftBatch}
                onChange={(event) => state.setDraftBatch(event.target.value)}
              />
            </OutlinedField>
          </Box>
          <FormControl component="fieldset">
            <FormLabel component="legend" sx={{ typography: 'subtitle2', fontWeight: 700, color: 'text.primary' }}>
              {t('compliance.replay.against')}
            </FormLabel>
            <RadioGroup row value={state.draftChoice} onChange={(event) => state.setDraftChoice(event.target.value as AgainstChoice)}>
              {AGAINST_CHOICES.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(`compliance.replay.choices.${choice}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          {state.draftChoice === 'moment' && (
            <MomentField
              id="replay-moment"
              legend={t('compliance.replay.moment')}
              value={state.draftMoment}
              onChange={state.setDraftMoment}
            />
          )}
          <Button type="submit" variant="contained" disabled={!state.ready}>
            {t('compliance.replay.replay')}
          </Button>
        </Box>
      </Paper>

      {batchId !== null && (
        <Paper variant="outlined" component="section" aria-labelledby="replay-result-title" sx={panelSx}>
          <SectionTitle id="replay-result-title">
            {data
              ? t('compliance.replay.resultTitle', { id: data.batch.id, name: data.batch.name })
              : t('compliance.replay.resultTitleLoading', { id: batchId })}
          </SectionTitle>
          {replay.error && (
            <Typography role="alert" color="error">
              {errorMessage(replay.error, t('compliance.replay.failed'))}
            </Typography>
          )}
          {replay.isFetching && !data && (
            <Box role="status" aria-label={t('compliance.replay.running')}>
              <Skeleton variant="rectangular" height={180} />
            </Box>
          )}
          {data && !replay.error && (
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }} aria-busy={replay.isFetching}>
              <Typography variant="body2" color="text.secondary">
                {t('compliance.replay.batchFacts', {
                  institution: institutionName(data.batch.institutionId),
                  uploaded: formatDate(data.batch.createdAt, i18n.language, 'dateTime'),
                  position: data.champion.position,
                })}
              </Typography>
              <ReproductionPanel reproduction={data.reproduction} />
              {against !== 'upload' && (
                <ComparisonPanel
                  comparison={data.comparison}
                  challengerLabel={challengerLabel}
                  changedOnly={changedOnly}
                  onChangedOnly={state.setChangedOnly}
                  onPage={state.goToPage}
                  onLimit={state.setLimit}
                  busy={replay.isFetching}
                />
              )}
            </Box>
          )}
        </Paper>
      )}

      <Paper variant="outlined" component="section" aria-labelledby="recent-batches-title" sx={panelSx}>
        <SectionTitle id="recent-batches-title">{t('compliance.replay.recentTitle')}</SectionTitle>
        {batches.error && (
          <Typography role="alert" color="error">
            {errorMessage(batches.error, t('compliance.replay.batchesFailed'))}
          </Typography>
        )}
        {batches.isLoading && <Skeleton variant="rectangular" height={120} />}
        {batches.data && <RecentBatches batches={batches.data} institutionName={institutionName} onReplay={state.replayBatch} />}
      </Paper>
    </>
  );
}
