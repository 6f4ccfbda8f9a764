import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick } from '../../shared/AxisTick';
import { ChartFrame } from '../../shared/ChartFrame';
import { ChartLegend, LEGEND_HEIGHT } from '../../shared/ChartLegend';
import { noGridLines } from '../../shared/noGridLines';
import { tickInterval } from '../../shared/tickInterval';
import { formatCompact, formatDate, formatMoney, formatNumber } from '../../shared/formatting';
import type { Dashboard } from './api';

const TICK = axisTick();
const CLIENTS_COLOUR = '#3a6f91';
const CREDIT_COLOUR = '#b45309';

/** Clients scored (bars, left axis) and credit granted (line, right axis) per day, week or month. */
export function SeriesChart({ series }: { series: Dashboard['series'] }) {
  const { t, i18n } = useTranslation();
  const style = series.bucket === 'month' ? 'monthYear' : 'dayMonth';
  const points = series.points.map((point) => ({ ...point, label: formatDate(`${point.start}T00:00:00`, i18n.language, style) }));
  return (
    <>
      <ChartFrame height={{ xs: 240 - LEGEND_HEIGHT, sm: 280 - LEGEND_HEIGHT }}>
        {({ width, height }) => (
          <ComposedChart width={width} height={height} data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} verticalCoordinatesGenerator={noGridLines} />
            <XAxis
              dataKey="label"
              tick={TICK}
              interval={tickInterval(points.length, width - 92, 64)}
              // The last day's bar clear of the right axis, not drawn against its edge.
              padding={{ left: 4, right: 8 }}
            />
            <YAxis
              yAxisId="clients"
              interval={0}
              allowDecimals={false}
              tick={TICK}
              width={40}
              tickFormatter={(value: number) => formatCompact(value, i18n.language)}
            />
            <YAxis
              yAxisId="credit"
              interval={0}
              orientation="right"
              tick={TICK}
              width={48}
              tickFormatter={(value: number) => formatCompact(value, i18n.language)}
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
