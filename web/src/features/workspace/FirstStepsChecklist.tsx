import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberMay, type MemberAction } from '../../session/MemberMay';
import { formatDate } from '../../shared/formatting';
import type { FirstStepName, FirstSteps } from './api';

/** Where each step is done, and what a team member must be allowed to do there. */
const STEP_LINKS: Record<FirstStepName, { to: string; action: MemberAction }> = {
  parametersReviewed: { to: '/parameters', action: 'parameters' },
  templateDownloaded: { to: '/batch-assessment', action: 'upload' },
  firstBatchScored: { to: '/batch-assessment', action: 'upload' },
};

/**
 * The first-day checklist: parameters reviewed, template downloaded, first batch scored, each
 * ticked from the institution's own state. Each step says "Done" or "To do" in words, not only by
 * its icon's colour.
 */
export function FirstStepsChecklist({ firstSteps }: { firstSteps: FirstSteps }) {
  const { t } = useTranslation();
  const done = firstSteps.steps.filter((step) => step.done).length;
  const total = firstSteps.steps.length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="first-steps" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="first-steps" variant="h2" component="h2">
        {t('workspace.firstSteps.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('workspace.firstSteps.intro')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={(done / total) * 100}
          aria-hidden
          sx={{ flex: 1, maxWidth: 240, height: 6, borderRadius: 3 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('workspace.firstSteps.progress', { count: done, total })}
        </Typography>
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
        {firstSteps.steps.map((step) => (
          <StepItem key={step.step} {...step} />
        ))}
      </Box>
    </Paper>
  );
}

function StepItem({ step, done, doneAt }: FirstSteps['steps'][number]) {
  const { t, i18n } = useTranslation();
  const { to, action } = STEP_LINKS[step];
  const may = useMemberMay(action);
  const Icon = done ? CheckCircle : RadioButtonUnchecked;
  return (
    <Box
      component="li"
      data-step={step}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto 1fr auto' },
        columnGap: 1.5,
        rowGap: 1,
        alignItems: 'start',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Icon aria-hidden color={done ? 'success' : 'disabled'} sx={{ mt: 0.25 }} />
      <div>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {t(`workspace.firstSteps.${step}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`workspace.firstSteps.${step}.body`)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, color: done ? 'success.dark' : 'text.secondary' }}>
          {done
            ? doneAt
              ? t('workspace.firstSteps.doneOn', { date: formatDate(doneAt, i18n.language) })
              : t('workspace.firstSteps.done')
            : t('workspace.firstSteps.toDo')}
        </Typography>
      </div>
      {!done && may && (
        <Box sx={{ gridColumn: { xs: 2, sm: 3 }, alignSelf: 'center' }}>
          <Button variant="outlined" size="small" component={Link} to={to}>
            {t(`workspace.firstSteps.${step}.action`)}
          </Button>
        </Box>
      )}
    </Box>
  );
}
