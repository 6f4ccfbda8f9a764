import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../app/languages';
import { ChartFrame } from '../../shared/ChartFrame';
import { tickInterval } from '../../shared/tickInterval';
import { formatDate, formatMoney } from '../../shared/formatting';
import { formatNumber } from '../batches/formatNumber';
import type { Result } from './api';

/** A client's credit limit (left axis) and interest rate (right axis) over their results, oldest first. */
export function HistoryChart({ history }: { history: Result[] }) {
  const { t, i18n } = useTranslation();
  const points = [...history]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((result) => ({ date: formatDate(result.createdAt, i18n.language), limit: result.credit_limit, rate: result.interest_rate }));
  const compact = new Intl.NumberFormat(intlLocale(i18n.language), { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <Box role="img" aria-label={t('results.historyChart')}>
      <ChartFrame height={260}>
        {({ width, height }) => (
          <LineChart width={width} height={height} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" />
            <XAxis dataKey="date" tick={{ fontSize: 12, fill: '#4a5663' }} interval={tickInterval(points.length, width - 100, 96)} />
            <YAxis
              yAxisId="limit"
              interval={0}
              tickFormatter={(value: number) => compact.format(value)}
              tick={{ fontSize: 12, fill: '#4a5663' }}
              width={48}
            />
            <YAxis yAxisId="rate" interval={0} orientation="right" unit="%" tick={{ fontSize: 12, fill: '#4a5663' }} width={44} />
            <Tooltip
              formatter={(value, name) =>
                name === t('results.creditLimit')
                  ? formatMoney(Number(value), i18n.language)
                  : `${formatNumber(Number(value), i18n.language, 2)} %`
              }
            />
            <Legend />
            <Line
              yAxisId="limit"
              type="monotone"
              dataKey="limit"
              name={t('results.creditLimit')}
              stroke="#0b4a6f"
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
            <Line
              yAxisId="rate"
              type="monotone"
              dataKey="rate"
              name={t('results.interestRate')}
              stroke="#b45309"
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
          </LineChart>
        )}
      </ChartFrame>
    </Box>
  );
}
