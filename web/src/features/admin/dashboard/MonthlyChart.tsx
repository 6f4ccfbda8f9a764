import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../../shared/languages';
import { axisTick } from '../../../shared/AxisTick';
import { ChartFrame } from '../../../shared/ChartFrame';
import { ChartLegend, LEGEND_HEIGHT } from '../../../shared/ChartLegend';
import { noGridLines } from '../../../shared/noGridLines';
import { tickInterval } from '../../../shared/tickInterval';
import type { MonthActivity } from './dashboardApi';

const SERIES = [
  { key: 'registrations', color: '#0b4a6f' },
  { key: 'approvals', color: '#2e8b57' },
  { key: 'batches', color: '#d08700' },
] as const;

type Props = { months: MonthActivity[] };

const TICK = axisTick();

/** Registrations, approvals and batches in each of the last 12 months, with a table of the same figures for screen readers. */
export function MonthlyChart({ months }: Props) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const rows = months.map((month) => ({ ...month, label: monthName.format(new Date(`${month.month}-01T00:00:00Z`)) }));
  return (
    <>
      <Box aria-hidden="true">
        <ChartFrame height={280 - LEGEND_HEIGHT}>
          {({ width, height }) => (
            <BarChart
              width={width}
              height={height}
              accessibilityLayer={false}
              data={rows}
              margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} verticalCoordinatesGenerator={noGridLines} />
              <XAxis dataKey="label" tick={TICK} interval={tickInterval(rows.length, width - 60, 56)} />
              <YAxis interval={0} allowDecimals={false} tick={TICK} />
              <Tooltip />
              {SERIES.map((series) => (
                <Bar
                  key={series.key}
                  dataKey={series.key}
                  name={t(`admin.dashboard.series.${series.key}`)}
                  fill={series.color}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          )}
        </ChartFrame>
        <ChartLegend
          items={SERIES.map((series) => ({ name: t(`admin.dashboard.series.${series.key}`), colour: series.color, shape: 'bar' }))}
        />
      </Box>
      <Box
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          m: '-1px',
          p: 0,
          border: 0,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        <table>
          <caption>{t('admin.dashboard.chartTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.month')}</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {t(`admin.dashboard.series.${series.key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.label}</th>
                {SERIES.map((series) => (
                  <td key={series.key}>{row[series.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </>
  );
}
