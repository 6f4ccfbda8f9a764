import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick } from '../../shared/AxisTick';
import { ChartFrame } from '../../shared/ChartFrame';
import { noGridLines } from '../../shared/noGridLines';
import { tickInterval } from '../../shared/tickInterval';
import type { Bucket } from './api';

type Props = {
  buckets: Bucket[];
  /** The text of a bucket on the axis. */
  label: (bucket: Bucket) => string;
  seriesName: string;
  colour?: string;
  /** A vertical marker before the bucket that starts at this value (e.g. the minimum score). */
  marker?: { at: number; text: string };
  height?: number;
};

const TICK = axisTick();

/** A histogram of clients per bucket, with an optional marker line. */
export function BucketChart({ buckets, label, seriesName, colour = '#0b4a6f', marker, height = 260 }: Props) {
  const points = buckets.map((bucket) => ({ name: label(bucket), clients: bucket.clients, from: bucket.from }));
  const markerBucket = marker
    ? points.find((point, index) => point.from <= marker.at && (buckets[index].to ?? Infinity) > marker.at)
    : undefined;
  return (
    <>
      <ChartFrame height={height}>
        {(size) => (
          <BarChart width={size.width} height={size.height} data={points} margin={{ top: 20, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} verticalCoordinatesGenerator={noGridLines} />
            <XAxis dataKey="name" tick={TICK} interval={tickInterval(points.length, size.width - 48, 64)} />
            <YAxis interval={0} allowDecimals={false} tick={TICK} width={40} />
            <Tooltip />
            <Bar dataKey="clients" name={seriesName} fill={colour} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            {marker && markerBucket && (
              <ReferenceLine
                x={markerBucket.name}
                // A value that starts its bucket (a 30 % minimum, the 30–40 % bar) is drawn at the bucket's edge, not through its bar.
                position={marker.at === markerBucket.from ? 'start' : 'middle'}
                stroke="#b42318"
                strokeDasharray="5 4"
                strokeWidth={2}
                ifOverflow="extendDomain"
              />
            )}
          </BarChart>
        )}
      </ChartFrame>
      {marker && (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, color: '#b42318', fontWeight: 600 }}>
          <Box component="span" aria-hidden="true" sx={{ width: 24, borderTop: '2px dashed #b42318' }} />
          {marker.text}
        </Typography>
      )}
    </>
  );
}
