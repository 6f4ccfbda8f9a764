import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type Size = { width: number; height: number };
type Props = {
  /** The chart's height (a number of pixels, or one per breakpoint): reserved before the chart is drawn, so nothing moves. */
  height: number | Record<string, number>;
  children: (size: Size) => ReactNode;
  sx?: SxProps<Theme>;
};

// Charts take turns: each is first drawn in a task of its own, after the one before it has been drawn,
// so a page with two charts never draws both in one long block.
let previous: Promise<void> = Promise.resolve();
const takeTurn = () => {
  let done = () => {};
  const drawn = new Promise<void>((resolve) => (done = resolve));
  const start = previous.then(() => new Promise<void>((resolve) => window.setTimeout(resolve, 0)));
  previous = start.then(() => drawn);
  return { start, done };
};

/**
 * The box a chart is drawn in, at its final size from the first paint. The chart is drawn once the box's
 * size is known (and again when it changes) and its turn has come, as a transition: React draws it in
 * slices, so a slow phone keeps answering input meanwhile (recharts' ResponsiveContainer would draw
 * it in one block).
 */
export function ChartFrame({ height, children, sx }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [turn, setTurn] = useState(false);
  const release = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    let last = '';
    const measure = () => {
      const width = Math.floor(element.clientWidth);
      const boxHeight = Math.floor(element.clientHeight);
      if (width <= 0 || boxHeight <= 0 || `${width}x${boxHeight}` === last) return;
      last = `${width}x${boxHeight}`;
      startTransition(() => setSize({ width, height: boxHeight }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const { start, done } = takeTurn();
    let mounted = true;
    release.current = done;
    void start.then(() => (mounted ? startTransition(() => setTurn(true)) : done()));
    return () => {
      mounted = false;
      done();
    };
  }, []);
  // The chart's first drawing is on screen: the next chart may start.
  useEffect(() => {
    if (turn) release.current();
  }, [turn]);
  return (
    <Box ref={box} sx={[{ width: '100%', height, minWidth: 0 }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}>
      {size && turn && children(size)}
    </Box>
  );
}
