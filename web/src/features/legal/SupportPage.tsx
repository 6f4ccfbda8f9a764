import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../shared/Name';
import { Skeleton } from '../../shared/Skeleton';
import { LegalLayout } from './LegalLayout';
import { useSupportContactQuery } from './supportApi';

const BEFORE_YOU_WRITE = ['who', 'what', 'batch', 'never'] as const;
const QUESTIONS = ['pending', 'password', 'file', 'signedOut'] as const;

/** Support at `/support`, signed in or out: the contact administrators keep in System Settings, and what to tell them. */
export function SupportPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useSupportContactQuery();
  return (
    <LegalLayout title={t('legal.supportPage.title')} summary={t('legal.supportPage.summary')}>
      <Box
        role="region"
        aria-labelledby="support-contact"
        sx={{ mt: 3, p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: 'rgba(11, 74, 111, 0.05)', border: 1, borderColor: 'divider' }}
      >
        <Typography id="support-contact" variant="h2" component="h2">
          {t('legal.supportPage.contactTitle')}
        </Typography>
        {isLoading && <Skeleton variant="text" width="60%" height={32} />}
        {isError && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('legal.supportPage.loadFailed')}
          </Alert>
        )}
        {data?.email && (
          <>
            <Typography sx={{ mt: 1 }}>{t('legal.supportPage.contactIntro', { name: displayName(data.systemName) })}</Typography>
            <Typography component="p" sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
              <EmailOutlined color="primary" aria-hidden="true" />
              <Link href={`mailto:${data.email}`} sx={{ fontSize: '1.125rem' }}>
                {data.email}
              </Link>
            </Typography>
          </>
        )}
        {data && !data.email && <Typography sx={{ mt: 1 }}>{t('legal.supportPage.noContact')}</Typography>}
      </Box>
      <section>
        <Typography variant="h2" component="h2">
          {t('legal.supportPage.beforeTitle')}
        </Typography>
        <ul>
          {BEFORE_YOU_WRITE.map((key) => (
            <Typography key={key} component="li">
              {t(`legal.supportPage.before.${key}`)}
            </Typography>
          ))}
        </ul>
      </section>
      <section>
        <Typography variant="h2" component="h2">
          {t('legal.supportPage.questionsTitle')}
        </Typography>
        <ul>
          {QUESTIONS.map((key) => (
            <Typography key={key} component="li">
              {t(`legal.supportPage.questions.${key}`)}
            </Typography>
          ))}
        </ul>
      </section>
    </LegalLayout>
  );
}
