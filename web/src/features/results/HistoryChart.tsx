import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick } from '../../shared/AxisTick';
import { ChartFrame } from '../../shared/ChartFrame';
import { ChartLegend, LEGEND_HEIGHT } from '../../shared/ChartLegend';
import { tickInterval } from '../../shared/tickInterval';
import { formatCompact, formatDate, formatMoney, formatNumber } from '../../shared/formatting';
import type { Result } from './api';

const TICK = axisTick();
const RATE_TICK = axisTick('%');
const LIMIT_COLOUR = '#0b4a6f';
const RATE_COLOUR = '#b45309';

/** A client's credit limit (left axis) and interest rate (right axis) over their results, oldest first. */
export function HistoryChart({ history }: { history: Result[] }) {
  const { t, i18n } = useTranslation();
  const points = [...history]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((result) => ({ date: formatDate(result.createdAt, i18n.language), limit: result.credit_limit, rate: result.interest_rate }));
  return (
    <Box role="img" aria-label={t('results.historyChart')}>
      <ChartFrame height={260 - LEGEND_HEIGHT}>
        {({ width, height }) => (
          <LineChart width={width} height={height} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" />
            <XAxis dataKey="date" tick={TICK} interval={tickInterval(points.length, width - 100, 96)} />
            <YAxis
              yAxisId="limit"
              interval={0}
              tickFormatter={(value: number) => formatCompact(value, i18n.language)}
              tick={TICK}
              width={48}
            />
            <YAxis yAxisId="rate" interval={0} orientation="right" unit="%" tick={RATE_TICK} width={44} />
            <Tooltip
              formatter={(value, name) =>
                name === t('results.creditLimit')
                  ? formatMoney(Number(value), i18n.language)
                  : `${formatNumber(Number(value), i18n.language, 2)} %`
              }
            />
            <Line
              yAxisId="limit"
              type="monotone"
              dataKey="limit"
              name={t('results.creditLimit')}
              stroke={LIMIT_COLOUR}
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
            <Line
              yAxisId="rate"
              type="monotone"
              dataKey="rate"
              name={t('results.interestRate')}
              stroke={RATE_COLOUR}
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
          </LineChart>
        )}
      </ChartFrame>
      <ChartLegend
        items={[
          { name: t('results.creditLimit'), colour: LIMIT_COLOUR, shape: 'line' },
          { name: t('results.interestRate'), colour: RATE_COLOUR, shape: 'line' },
        ]}
      />
    </Box>
  );
}
