import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../session/hooks';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { InstitutionValuesForm } from '../../features/admin/parameters/InstitutionValuesForm';
import { useInstitutionSummaryQuery } from '../../features/admin/parameters/parametersApi';
import { ParameterHistory } from '../../features/parameters/ParameterHistory';

/** One institution's parameter values (/institution/{id}/parameters): edited by an administrator, every change in the history. */
export function InstitutionParametersPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isAdmin = useAppSelector((state) => state.session.user?.role === 'admin');
  const institutionId = /^\d+$/.test(id ?? '') && Number(id) > 0 ? Number(id) : null;
  const { data: institution } = useInstitutionSummaryQuery(institutionId ?? 0, { skip: institutionId === null });

  return (
    <Stack spacing={2.5}>
      <PageHeader
        title={t('pages.institutionParameters')}
        subtitle={
          institutionId === null
            ? undefined
            : t('admin.institutionParameters.pageSubtitle', {
                name: institution?.name ?? t('admin.institutionParameters.institutionNumber', { id: institutionId }),
                id: institutionId,
              })
        }
        actions={
          isAdmin && (
            <Button
              component={Link}
              to={institutionId === null ? '/admin/parameters' : `/admin/parameters?institutionId=${institutionId}`}
              startIcon={<ArrowBack />}
            >
              {t('admin.institutionParameters.back')}
            </Button>
          )
        }
      />
      {institutionId === null ? (
        <ErrorBanner message={t('admin.institutionParameters.idRequired')} onClose={() => undefined} />
      ) : (
        <>
          <Alert severity="info" variant="outlined" sx={{ bgcolor: '#eef5fb' }}>
            {t('admin.institutionParameters.notice')}
          </Alert>
          <InstitutionValuesForm institutionId={institutionId} />
          <ParameterHistory institutionId={institutionId} />
        </>
      )}
    </Stack>
  );
}
