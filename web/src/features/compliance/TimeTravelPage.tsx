import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { OutlinedField } from '../../shared/OutlinedField';
import { PageHeader } from '../../shared/PageHeader';
import {
  useComplianceInstitutionsQuery,
  useModelAsOfQuery,
  useModelDiffQuery,
  useParametersAsOfQuery,
  useParametersDiffQuery,
} from './complianceApi';
import { ComplianceNav } from './ComplianceNav';
import { DiffView } from './DiffView';
import { HashText } from './HashText';
import { ModelTables } from './ModelTables';
import { MomentField } from './MomentField';
import { MomentSummary } from './MomentSummary';
import { ParameterValuesTable } from './ParameterValuesTable';
import { SectionTitle } from './SectionTitle';
import { useTimeTravelFilters } from './useTimeTravelFilters';

const panelSx = { p: 2, mb: 3 } as const;
const formSx = { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', mb: 2 } as const;

function Failure({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Typography role="alert" color="error" sx={{ mb: 2 }}>
      {errorMessage(error, fallback)}
    </Typography>
  );
}

/** Time travel (/admin/compliance/time-travel): the model and an institution's parameters as of a moment, and what changed between two. */
export function TimeTravelPage() {
  const { t } = useTranslation();
  const state = useTimeTravelFilters();
  const model = useModelAsOfQuery(state.at);
  const institutions = useComplianceInstitutionsQuery();
  const institutionId = state.institutionId;
  const parameters = useParametersAsOfQuery({ institutionId: institutionId ?? 0, moment: state.at }, { skip: institutionId === null });
  const canCompare = state.from !== '';
  const modelDiff = useModelDiffQuery({ from: state.from, to: state.to }, { skip: !canCompare });
  const parametersDiff = useParametersDiffQuery(
    { institutionId: institutionId ?? 0, from: state.from, to: state.to },
    { skip: !canCompare || institutionId === null },
  );
  const institutionName = institutions.data?.find((institution) => institution.id === institutionId)?.name ?? '';

  return (
    <>
      <PageHeader title={t('pages.timeTravel')} subtitle={t('compliance.timeTravel.subtitle')} />
      <ComplianceNav />

      <Paper variant="outlined" component="section" aria-labelledby="as-of-title" sx={panelSx}>
        <SectionTitle id="as-of-title">{t('compliance.timeTravel.asOfTitle')}</SectionTitle>
        <Box
          component="form"
          sx={formSx}
          onSubmit={(event) => {
            event.preventDefault();
            state.show();
          }}
        >
          <MomentField
            id="as-of"
            legend={t('compliance.timeTravel.asOf')}
            value={state.draftAt}
            onChange={state.setDraftAt}
            hint={t('compliance.moment.hint')}
          />
          <Button type="submit" variant="contained">
            {t('compliance.timeTravel.show')}
          </Button>
        </Box>
        <Box sx={{ mb: 2, maxWidth: 420 }}>
          <OutlinedField id="institution" label={t('compliance.timeTravel.institution')} select>
            <select id="institution" value={institutionId ?? ''} onChange={(event) => state.chooseInstitution(event.target.value)}>
              <option value="">{t('compliance.timeTravel.noInstitution')}</option>
              {(institutions.data ?? []).map((institution) => (
                <option key={institution.id} value={institution.id}>
                  {institution.name}
                </option>
              ))}
            </select>
          </OutlinedField>
        </Box>
        {model.error && <Failure error={model.error} fallback={t('compliance.timeTravel.loadFailed')} />}
        {model.isFetching && !model.data && <Skeleton variant="rectangular" height={240} />}
        {model.data && (
          <div aria-busy={model.isFetching}>
            <MomentSummary moment={model.data.moment} lastChange={model.data.lastChange} />
            <Typography variant="body2" sx={{ mb: 2 }} component="div">
              {t('compliance.timeTravel.modelHash')} <HashText hash={model.data.hash} />
            </Typography>
            {institutionId !== null && (
              <Box component="section" aria-labelledby="parameters-title" sx={{ mb: 3 }}>
                <SectionTitle id="parameters-title" level={3}>
                  {t('compliance.timeTravel.parametersOf', { name: institutionName })}
                </SectionTitle>
                {parameters.error && <Failure error={parameters.error} fallback={t('compliance.timeTravel.loadFailed')} />}
                {parameters.data && (
                  <>
                    <MomentSummary moment={parameters.data.moment} lastChange={parameters.data.lastChange} />
                    <ParameterValuesTable parameters={parameters.data.parameters} labelledBy="parameters-title" />
                  </>
                )}
              </Box>
            )}
            <ModelTables model={model.data} />
          </div>
        )}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="diff-title" sx={panelSx}>
        <SectionTitle id="diff-title">{t('compliance.timeTravel.diffTitle')}</SectionTitle>
        <Box
          component="form"
          sx={formSx}
          onSubmit={(event) => {
            event.preventDefault();
            state.compare();
          }}
        >
          <MomentField id="diff-from" legend={t('compliance.timeTravel.from')} value={state.draftFrom} onChange={state.setDraftFrom} />
          <MomentField
            id="diff-to"
            legend={t('compliance.timeTravel.to')}
            value={state.draftTo}
            onChange={state.setDraftTo}
            hint={t('compliance.timeTravel.toHint')}
          />
          <Button type="submit" variant="contained" disabled={state.draftFrom === ''}>
            {t('compliance.timeTravel.compare')}
          </Button>
        </Box>
        {!canCompare && <Typography color="text.secondary">{t('compliance.timeTravel.diffHint')}</Typography>}
        {canCompare && modelDiff.error && <Failure error={modelDiff.error} fallback={t('compliance.timeTravel.loadFailed')} />}
        {canCompare && modelDiff.isFetching && !modelDiff.data && <Skeleton variant="rectangular" height={160} />}
        {canCompare && modelDiff.data && (
          <Box aria-busy={modelDiff.isFetching} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {t('compliance.timeTravel.between', { from: modelDiff.data.from.position, to: modelDiff.data.to.position })}
            </Typography>
            <section aria-labelledby="model-diff-title">
              <SectionTitle id="model-diff-title" level={3}>
                {t('compliance.timeTravel.modelChanges')}
              </SectionTitle>
              <DiffView diff={modelDiff.data} idPrefix="model-diff" />
            </section>
            {institutionId !== null && parametersDiff.data && (
              <section aria-labelledby="parameters-diff-title">
                <SectionTitle id="parameters-diff-title" level={3}>
                  {t('compliance.timeTravel.parameterChanges', { name: institutionName })}
                </SectionTitle>
                <DiffView diff={parametersDiff.data} idPrefix="parameters-diff" />
              </section>
            )}
          </Box>
        )}
      </Paper>
    </>
  );
}
