/**
 * How many axis labels to skip between two shown, so labels about `labelWidth` pixels wide fit in
 * `width`. A number lets recharts place the ticks without measuring every label in the page (its
 * 'preserveEnd' intervals lay each text out to measure it, which a slow phone feels).
 */
export function tickInterval(count: number, width: number, labelWidth: number): number {
  if (count <= 1 || width <= 0) return 0;
  const fit = Math.max(1, Math.floor(width / labelWidth));
  return Math.max(0, Math.ceil(count / fit) - 1);
}
