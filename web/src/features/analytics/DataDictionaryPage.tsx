import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { Skeleton } from '../../shared/Skeleton';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useAppSelector } from '../../session/hooks';
import { PlatformAccessPanel } from './PlatformAccessPanel';
import { useAnalyticsDictionaryQuery, type Dictionary, type DictionaryView } from './dictionaryApi';

/** A column's name or type in a cell: breaks only after `_`, `.`, `(` or `,` (see `breakable`), or where a part would stick out. */
const codeStyle = { fontFamily: 'monospace', overflowWrap: 'break-word' } as const;

/** A name with a break opportunity after each `_`, `.`, `(` and `,`: on a phone `batch_id` wraps as `batch_` `id`, never `batch_i` `d`. */
const breakable = (name: string) =>
  name.split(/(?<=[_.(,])/).flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));
const codeSx = { fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' } as const;

function ExampleQuery({ sql }: { sql: string }) {
  const { t } = useTranslation();
  const show = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(sql).then(
      () => show(t('dictionary.copied'), 'success'),
      () => show(t('dictionary.copyFailed'), 'error'),
    );
  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('dictionary.example')}
        </Typography>
        <Button size="small" startIcon={<ContentCopy aria-hidden="true" />} onClick={() => void copy()}>
          {t('dictionary.copy')}
        </Button>
      </Stack>
      <Box component="pre" sx={{ ...codeSx, whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1.5, borderRadius: 1, m: 0 }}>
        {sql}
      </Box>
    </Box>
  );
}

function ViewCard({ view }: { view: DictionaryView }) {
  const { t } = useTranslation();
  const id = `view-${view.name}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={id} variant="h2" component="h2" sx={{ ...codeSx, fontSize: '1.15rem' }}>
        analytics.{view.name}
      </Typography>
      {view.comment && <Typography sx={{ mt: 0.5 }}>{view.comment}</Typography>}
      <Box sx={{ mt: 1.5 }}>
        <TableContainer>
          <Table size="small" aria-label={t('dictionary.columnsOf', { view: view.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dictionary.column')}</TableCell>
                <TableCell hide="xs">{t('dictionary.type')}</TableCell>
                <TableCell>{t('dictionary.meaning')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {view.columns.map((column) => (
                <TableRow key={column.name}>
                  <TableCell style={codeStyle}>
                    {breakable(column.name)}
                    {/* On a phone the type goes under the name, so the meaning keeps the room. */}
                    <span className="phone-only muted">{breakable(column.type)}</span>
                  </TableCell>
                  <TableCell hide="xs" style={codeStyle}>
                    {breakable(column.type)}
                  </TableCell>
                  <TableCell>{column.comment}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      {view.example && <ExampleQuery sql={view.example} />}
    </Paper>
  );
}

function ConnectionCard({ dictionary }: { dictionary: Dictionary }) {
  const { t } = useTranslation();
  const access = dictionary.accesses[0];
  const connection = dictionary.connection;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="dictionary-connection" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Typography id="dictionary-connection" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('dictionary.connection')}
      </Typography>
      {access && connection ? (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {(
              [
                ['host', connection.host],
                ['port', String(connection.port)],
                ['database', connection.database],
                ['role', access.role],
                ['sslmode', connection.sslmode],
              ] as const
            ).map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {t(`dictionary.${key}`)}
                </Typography>
                <Typography component="dd" sx={{ ...codeSx, m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('dictionary.passwordOnce')}
          </Typography>
        </>
      ) : (
        <Typography>{t('dictionary.noAccess')}</Typography>
      )}
    </Paper>
  );
}

/** /data-dictionary and /admin/data-dictionary: the analytics schema's views and columns as PostgreSQL's comments describe them. */
export function DataDictionaryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dictionary.title'));
  const { data, error, refetch } = useAnalyticsDictionaryQuery();
  const isAdmin = useAppSelector((state) => state.session.user?.role === 'admin');
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title={t('dictionary.title')} subtitle={t('dictionary.subtitle')} />
      <ErrorBanner message={error ? (shownMessage(error) ?? t('dictionary.loadFailed')) : null} onClose={() => void refetch()} />
      {!data && !error && <Skeleton variant="rounded" height={320} />}
      {data && (
        <>
          <ConnectionCard dictionary={data} />
          {isAdmin && <PlatformAccessPanel />}
          {data.views.map((view) => (
            <ViewCard key={view.name} view={view} />
          ))}
        </>
      )}
    </Stack>
  );
}
