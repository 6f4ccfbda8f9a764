import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../app/languages';
import { ChartFrame } from '../../shared/ChartFrame';
import { noGridLines } from '../../shared/noGridLines';
import { tickInterval } from '../../shared/tickInterval';
import { formatMoney } from '../../shared/formatting';
import { formatNumber } from '../batches/formatNumber';
import type { Dashboard } from './api';

const AXIS = { fontSize: 12, fill: '#4a5663' };

/** Clients scored (bars, left axis) and credit granted (line, right axis) per day, week or month. */
export function SeriesChart({ series }: { series: Dashboard['series'] }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const label = new Intl.DateTimeFormat(
    locale,
    series.bucket === 'month' ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' },
  );
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const points = series.points.map((point) => ({ ...point, label: label.format(new Date(`${point.start}T00:00:00`)) }));
  return (
    <ChartFrame height={{ xs: 240, sm: 280 }}>
      {({ width, height }) => (
        <ComposedChart width={width} height={height} data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} verticalCoordinatesGenerator={noGridLines} />
          <XAxis dataKey="label" tick={AXIS} interval={tickInterval(points.length, width - 92, 64)} />
          <YAxis
            yAxisId="clients"
            interval={0}
            allowDecimals={false}
            tick={AXIS}
            width={40}
            tickFormatter={(value: number) => compact.format(value)}
          />
          <YAxis
            yAxisId="credit"
            interval={0}
            orientation="right"
            tick={AXIS}
            width={48}
            tickFormatter={(value: number) => compact.format(value)}
          />
          <Tooltip
            formatter={(value, name) =>
              name === t('workspace.creditGranted') ? formatMoney(Number(value), i18n.language) : formatNumber(Number(value), i18n.language)
            }
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar
            yAxisId="clients"
            dataKey="clients"
            name={t('workspace.clientsScored')}
            fill="#3a6f91"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="credit"
            type="monotone"
            dataKey="creditGranted"
            name={t('workspace.creditGranted')}
            stroke="#b45309"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      )}
    </ChartFrame>
  );
}
