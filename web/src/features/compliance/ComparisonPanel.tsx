import { formatNumber } from '../../shared/formatting';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Money } from '../../shared/Money';
import { Pagination } from '../../shared/Pagination';
import { StatCard } from '../../shared/StatCard';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { BatchReplay, ComparedClient } from './complianceApi';
import { SectionTitle } from './SectionTitle';
import { REPLAY_PAGE_SIZES } from './useReplayFilters';

type Props = {
  comparison: BatchReplay['comparison'];
  challengerLabel: string;
  changedOnly: boolean;
  onChangedOnly: (value: boolean) => void;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  busy: boolean;
};

function Terms({ terms }: { terms: ComparedClient['champion'] }) {
  const { t, i18n } = useTranslation();
  if (!terms) return <span className="muted">{t('compliance.replay.notScored')}</span>;
  return (
    <>
      <Money amount={terms.creditLimit} />
      <span className="muted" style={{ display: 'block' }}>
        {formatNumber(terms.interestRate, i18n.language, 2)} %
      </span>
    </>
  );
}

function Change({ client }: { client: ComparedClient }) {
  const { t, i18n } = useTranslation();
  if (!client.changed) return <span className="muted">{t('compliance.replay.unchanged')}</span>;
  if (client.creditLimitChange === null) return <span>{t('compliance.replay.scoringChanged')}</span>;
  const sign = client.creditLimitChange > 0 ? '+' : '';
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>
        {sign}
        <Money amount={client.creditLimitChange} />
      </span>
      <span className="muted" style={{ display: 'block' }}>
        {(client.interestRateChange ?? 0) > 0 ? '+' : ''}
        {formatNumber(client.interestRateChange ?? 0, i18n.language, 2)} pts
      </span>
    </>
  );
}

/** Champion (the model at upload) against challenger: totals, then client by client a page at a time. */
export function ComparisonPanel({ comparison, challengerLabel, changedOnly, onChangedOnly, onPage, onLimit, busy }: Props) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const { totals, clients, pagination } = comparison;
  const side = (label: string, figures: typeof totals.champion) => (
    <StatCard
      label={label}
      value={<Money amount={figures.totalCreditLimit} />}
      note={t('compliance.replay.sideNote', {
        scorable: number(figures.scorable),
        rate: formatNumber(figures.averageInterestRate, i18n.language, 2),
      })}
    />
  );
  return (
    <Box component="section" aria-labelledby="comparison-title">
      <SectionTitle id="comparison-title" level={3}>
        {t('compliance.replay.comparisonTitle', { challenger: challengerLabel })}
      </SectionTitle>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 2 }}>
        {side(t('compliance.replay.champion'), totals.champion)}
        {side(t('compliance.replay.challenger'), totals.challenger)}
        <StatCard
          label={t('compliance.replay.totalChange')}
          value={
            <>
              {totals.totalCreditLimitChange > 0 ? '+' : ''}
              <Money amount={totals.totalCreditLimitChange} />
            </>
          }
        />
        <StatCard
          label={t('compliance.replay.changedClients')}
          value={t('compliance.replay.changedOf', { changed: number(totals.changed), clients: number(totals.clients) })}
          note={t('compliance.replay.scorableMoves', { became: number(totals.becameScorable), lost: number(totals.noLongerScorable) })}
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={changedOnly} onChange={(event) => onChangedOnly(event.target.checked)} />}
        label={t('compliance.replay.changedOnly')}
        sx={{ mb: 1 }}
      />
      <TableContainer role="region" aria-label={t('compliance.replay.clientsTitle')}>
        <Table fitPhoneFrom={760} aria-busy={busy}>
          <TableHead>
            <TableRow>
              <TableCell>{t('compliance.replay.columns.client')}</TableCell>
              <TableCell align="right" hide="xs">
                {t('compliance.replay.champion')}
              </TableCell>
              <TableCell align="right">{t('compliance.replay.challenger')}</TableCell>
              <TableCell align="right" hide="xs">
                {t('compliance.replay.columns.change')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {clients.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography variant="body2">
                    {changedOnly ? t('compliance.replay.noChanged') : t('compliance.replay.noClients')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {clients.map((client) => (
              <TableRow key={client.rowNumber}>
                <TableCell>
                  <span className="strong">{client.name || client.reference}</span>
                  <span className="muted" style={{ display: 'block' }}>
                    {client.reference} · {t('compliance.replay.row', { row: client.rowNumber })}
                  </span>
                  <span className="phone-only">
                    {t('compliance.replay.champion')}: <Terms terms={client.champion} />
                    <Change client={client} />
                  </span>
                </TableCell>
                <TableCell align="right" hide="xs">
                  <Terms terms={client.champion} />
                </TableCell>
                <TableCell align="right">
                  <Terms terms={client.challenger} />
                </TableCell>
                <TableCell align="right" hide="xs">
                  <Change client={client} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination
        count={pagination.total}
        page={Math.max(0, pagination.page - 1)}
        rowsPerPage={pagination.limit}
        rowsPerPageOptions={REPLAY_PAGE_SIZES}
        onPageChange={(next) => onPage(next + 1)}
        onRowsPerPageChange={onLimit}
        labelRowsPerPage={t('compliance.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('compliance.displayedRows', { from, to, count })}
        labelPage={(which) => t(`compliance.pageButtons.${which}`)}
      />
    </Box>
  );
}
