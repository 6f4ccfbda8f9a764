/**
 * For a recharts CartesianGrid drawn with `vertical={false}`: no vertical line positions. Without it
 * recharts still works the vertical lines out from the x axis' ticks, laying out every label to
 * measure it, only to draw none.
 */
export const noGridLines = (): number[] => [];
