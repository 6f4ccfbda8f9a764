import { formatNumber } from '../../shared/formatting';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Insights from '@mui/icons-material/Insights';
import Percent from '@mui/icons-material/Percent';
import People from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Money } from '../../shared/Money';
import { Skeleton } from '../../shared/Skeleton';
import type { Dashboard } from './api';
import { FigureCard } from './FigureCard';

type Props = { data: Dashboard | undefined; isFetching: boolean };

/** The period's four figures, each linking to its page; grey cards of their size while they load. */
export function DashboardFigures({ data, isFetching }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('workspace.figures')}
      aria-busy={isFetching}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' } }}
    >
      {data ? (
        <>
          <FigureCard
            label={t('workspace.totalClients')}
            value={formatNumber(data.totalClientsProcessed.value, i18n.language)}
            change={data.totalClientsProcessed.change}
            to="/clients"
            icon={<People />}
          />
          <FigureCard
            label={t('workspace.averageCreditLimit')}
            value={<Money amount={data.averageCreditLimit.value} />}
            change={data.averageCreditLimit.change}
            to="/results"
            icon={<AccountBalanceWallet />}
          />
          <FigureCard
            label={t('workspace.averageInterestRate')}
            value={`${formatNumber(data.averageInterestRate.value, i18n.language, 2)} %`}
            change={data.averageInterestRate.change}
            to="/parameters"
            icon={<Percent />}
          />
          <FigureCard
            label={t('workspace.performanceScore')}
            value={`${formatNumber(data.performanceScore.value, i18n.language, 1)} %`}
            change={data.performanceScore.change}
            to="/performance"
            icon={<Insights />}
            extra={
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('workspace.approvalRateValue', {
                  rate: `${formatNumber(data.performanceScore.approvalRate.value, i18n.language, 1)} %`,
                })}
              </Typography>
            }
          />
        </>
      ) : (
        // The cards' heights once filled (the last has one more line), so nothing moves when they are.
        [0, 1, 2, 3].map((index) => <Skeleton key={index} variant="rounded" sx={{ height: { xs: index === 3 ? 144 : 124, lg: 164 } }} />)
      )}
    </Box>
  );
}
