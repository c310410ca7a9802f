/** One point of a status chart: epoch ms, a value (duration in ms) and whether the run passed. */
export interface ChartPoint {
  time: number;
  value: number;
  ok: boolean;
  note?: string;
}

export interface ScaleInput {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
  start?: number | undefined;
  end?: number | undefined;
}

/** Linear x (time) and y (value, 0 at the bottom) scales for a chart of `points`. */
export function chartScales(points: readonly ChartPoint[], input: ScaleInput) {
  const { width, height, pad } = input;
  const times = points.map((p) => p.time);
  const start = input.start ?? (times.length ? Math.min(...times) : 0);
  const end = Math.max(input.end ?? (times.length ? Math.max(...times) : 1), start + 1);
  const maxValue = niceMax(points.reduce((m, p) => Math.max(m, p.value), 0));
  const innerW = Math.max(1, width - pad.left - pad.right);
  const innerH = Math.max(1, height - pad.top - pad.bottom);
  return {
    start,
    end,
    maxValue,
    x: (t: number) => pad.left + ((t - start) / (end - start)) * innerW,
    y: (v: number) => pad.top + innerH - (v / maxValue) * innerH,
  };
}

/** A round upper bound for the y axis (1, 2 or 5 × a power of ten), at least 1. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Three y ticks: 0, half and the top. */
export function valueTicks(max: number): number[] {
  return [0, max / 2, max];
}

/** `count` evenly spaced time ticks from start to end. */
export function timeTicks(start: number, end: number, count: number): number[] {
  if (count < 2) return [start];
  return Array.from({ length: count }, (_, i) => Math.round(start + ((end - start) * i) / (count - 1)));
}
