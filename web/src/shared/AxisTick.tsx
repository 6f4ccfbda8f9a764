type TickProps = {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: 'start' | 'middle' | 'end';
  payload?: { value: unknown };
  index?: number;
  tickFormatter?: (value: unknown, index: number) => string;
  className?: string;
};

/** Where a single line's baseline sits for each of recharts' vertical anchors (its Text's own offsets). */
const BASELINE = { start: '0.71em', middle: '0.355em', end: '0' } as const;

/**
 * An axis label as plain SVG text, for `tick={axisTick(unit)}`. Recharts' own Text measures every
 * label in the page (a forced layout each) so that it can wrap it; our axis labels are one short line,
 * and on a slow phone those measurements were most of a chart's first render.
 */
export function axisTick(unit = '') {
  return function AxisTick({
    x,
    y,
    textAnchor = 'middle',
    verticalAnchor = 'end',
    payload,
    index = 0,
    tickFormatter,
    className,
  }: TickProps) {
    const value = tickFormatter ? tickFormatter(payload?.value, index) : String(payload?.value ?? '');
    return (
      <text className={className} x={x} y={y} dy={BASELINE[verticalAnchor]} textAnchor={textAnchor} fontSize={12} fill="#4a5663">
        {value}
        {unit}
      </text>
    );
  };
}
