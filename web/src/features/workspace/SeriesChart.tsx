import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../shared/languages';
import { axisTick } from '../../shared/AxisTick';
import { ChartFrame } from '../../shared/ChartFrame';
import { ChartLegend, LEGEND_HEIGHT } from '../../shared/ChartLegend';
import { noGridLines } from '../../shared/noGridLines';
import { tickInterval } from '../../shared/tickInterval';
import { formatMoney } from '../../shared/formatting';
import { formatNumber } from '../../shared/formatNumber';
import type { Dashboard } from './api';

const TICK = axisTick();
const CLIENTS_COLOUR = '#3a6f91';
const CREDIT_COLOUR = '#b45309';

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
    <>
      <ChartFrame height={{ xs: 240 - LEGEND_HEIGHT, sm: 280 - LEGEND_HEIGHT }}>
        {({ width, height }) => (
          <ComposedChart width={width} height={height} data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} verticalCoordinatesGenerator={noGridLines} />
            <XAxis dataKey="label" tick={TICK} interval={tickInterval(points.length, width - 92, 64)} />
            <YAxis
              yAxisId="clients"
              interval={0}
              allowDecimals={false}
              tick={TICK}
              width={40}
              tickFormatter={(value: number) => compact.format(value)}
            />
            <YAxis
              yAxisId="credit"
              interval={0}
              orientation="right"
              tick={TICK}
              width={48}
              tickFormatter={(value: number) => compact.format(value)}
            />
            <Tooltip
              formatter={(value, name) =>
                name === t('workspace.creditGranted')
                  ? formatMoney(Number(value), i18n.language)
                  : formatNumber(Number(value), i18n.language)
              }
            />
            <Bar
              yAxisId="clients"
              dataKey="clients"
              name={t('workspace.clientsScored')}
              fill={CLIENTS_COLOUR}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              yAxisId="credit"
              type="monotone"
              dataKey="creditGranted"
              name={t('workspace.creditGranted')}
              stroke={CREDIT_COLOUR}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        )}
      </ChartFrame>
      <ChartLegend
        items={[
          { name: t('workspace.clientsScored'), colour: CLIENTS_COLOUR, shape: 'bar' },
          { name: t('workspace.creditGranted'), colour: CREDIT_COLOUR, shape: 'line' },
        ]}
      />
    </>
  );
}
