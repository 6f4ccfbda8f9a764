import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/formatting';
import { useCanWrite } from '../../../session/useCanWrite';
import { Facts } from '../common/Facts';
import { InstitutionMembers } from './InstitutionMembers';
import type { Institution } from './institutionsApi';
import { displayName } from '../../../shared/Name';

const STEPS = ['institution', 'administrator', 'security', 'terms'] as const;

type Props = {
  institution: Institution;
  busy: 'approve' | 'reject' | null;
  onApprove: () => void;
  onReject: () => void;
};

/**
 * The 4-step review of one institution (spec §4, Review wizard): Approve & Continue through steps 1–3,
 * Previous back, Approve Application on step 4; Reject at any step. Reviewed institutions show the
 * same facts with the outcome and no actions; so does a pending one for an auditor, who steps with Next.
 */
export function ReviewPanel({ institution, busy, onApprove, onReject }: Props) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState(0);
  const canWrite = useCanWrite();
  const deciding = institution.status === 'pending' && canWrite;
  const last = step === STEPS.length - 1;
  const na = t('admin.common.notAvailable');
  const date = (value: string | null) => (value ? formatDate(value, i18n.language, 'dateTime') : na);

  const facts: Record<(typeof STEPS)[number], { label: string; value: string }[]> = {
    institution: [
      { label: t('admin.review.name'), value: displayName(institution.name) },
      { label: t('admin.review.registrationNumber'), value: institution.registrationNumber },
      { label: t('admin.review.authorizationNumber'), value: institution.authorizationNumber },
      { label: t('admin.review.type'), value: t('admin.review.typeValue') },
      { label: t('admin.review.registeredOn'), value: date(institution.createdAt) },
      { label: t('admin.review.address'), value: na },
      { label: t('admin.review.phone'), value: na },
      { label: t('admin.review.website'), value: na },
    ],
    administrator: [
      { label: t('admin.review.adminName'), value: na },
      { label: t('admin.review.jobTitle'), value: na },
      { label: t('admin.review.email'), value: institution.email },
      { label: t('admin.review.directPhone'), value: na },
    ],
    security: [
      { label: t('admin.review.username'), value: institution.email },
      { label: t('admin.review.password'), value: t('admin.review.passwordValue') },
      { label: t('admin.review.twoFactor'), value: t('admin.review.disabled') },
      { label: t('admin.review.accountState'), value: institution.is_active ? t('admin.review.active') : t('admin.review.inactive') },
    ],
    terms: [
      { label: t('admin.review.termsAccepted'), value: t('admin.review.termsValue', { date: date(institution.createdAt) }) },
      { label: t('admin.review.marketing'), value: t('admin.review.notAccepted') },
      { label: t('admin.review.statusNow'), value: t(`admin.status.${institution.status}`) },
    ],
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, bgcolor: '#f7f9fb' }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('admin.review.heading', { name: displayName(institution.name) })}
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, display: { xs: 'none', md: 'flex' } }}>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{t(`admin.review.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, mr: 1 }}>
          {t('admin.review.stepOf', { step: step + 1, total: STEPS.length })}
        </Box>
        {t(`admin.review.steps.${STEPS[step]}`)}
      </Typography>
      <Facts items={facts[STEPS[step]]} />
      {institution.status === 'rejected' && (
        <Alert severity="error" variant="outlined" sx={{ mt: 2 }}>
          <strong>{t('admin.review.rejectionReason')}</strong>{' '}
          {institution.rejectionReason ?? institution.deactivationComment ?? t('admin.common.notAvailable')}
        </Alert>
      )}
      {institution.status === 'approved' && institution.approvedAt && (
        <Alert severity="success" variant="outlined" sx={{ mt: 2 }}>
          {t('admin.review.approvedOn', { date: date(institution.approvedAt) })}
        </Alert>
      )}
      {institution.status === 'approved' && <InstitutionMembers institutionId={institution.id} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" disabled={step === 0 || busy !== null} onClick={() => setStep(step - 1)}>
            {t('admin.review.previous')}
          </Button>
          {!deciding && !last && (
            <Button variant="outlined" onClick={() => setStep(step + 1)}>
              {t('admin.review.next')}
            </Button>
          )}
        </Box>
        {deciding && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" color="error" disabled={busy !== null} onClick={onReject}>
              {t('admin.review.reject')}
            </Button>
            <Button
              variant="contained"
              color={last ? 'success' : 'primary'}
              disabled={busy !== null}
              onClick={() => (last ? onApprove() : setStep(step + 1))}
            >
              {last
                ? busy === 'approve'
                  ? t('admin.review.approving')
                  : t('admin.review.approveApplication')
                : t('admin.review.approveContinue')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
