import TableChart from '@mui/icons-material/TableChart';
import Tune from '@mui/icons-material/Tune';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberMay } from '../../session/MemberMay';

/** Upload a batch, see the results, set the parameters. */
export function QuickActions() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby="quick-actions">
      <Typography id="quick-actions" variant="h2" component="h2" sx={{ mb: 1.5 }}>
        {t('workspace.quickActions')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <MemberMay action="upload">
          <Button variant="contained" component={Link} to="/batch-assessment" startIcon={<UploadFile />}>
            {t('workspace.inputBatch')}
          </Button>
        </MemberMay>
        <Button variant="outlined" component={Link} to="/results" startIcon={<TableChart />}>
          {t('workspace.viewResults')}
        </Button>
        <MemberMay action="parameters">
          <Button variant="outlined" component={Link} to="/parameters" startIcon={<Tune />}>
            {t('workspace.configureParameters')}
          </Button>
        </MemberMay>
      </Stack>
    </Paper>
  );
}
