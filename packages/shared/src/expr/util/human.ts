// Flanksource's human-readable sizes and durations (HumanSize, HumanDuration).
import { formatHumanDuration } from './go-duration.js';
import { Duration, durationNanos } from './values.js';

/** HumanSize: bytes in binary units, one decimal: 1048576 → "1M", 1536 → "1.5K", 0 → "0B". */
export function humanSize(size: unknown): string {
  if (typeof size === 'string' && !/^\d+$/.test(size)) return 'NaN';
  const bytes = Number(size);
  if (!Number.isFinite(bytes) || bytes < 0) return 'NaN';
  if (bytes === 0) return '0B';
  const units: [number, string][] = [
    [2 ** 60, 'E'],
    [2 ** 50, 'P'],
    [2 ** 40, 'T'],
    [2 ** 30, 'G'],
    [2 ** 20, 'M'],
    [2 ** 10, 'K'],
    [1, 'B'],
  ];
  const [div, unit] = units.find(([d]) => bytes >= d) ?? [1, 'B'];
  return `${(bytes / div).toFixed(1).replace(/\.0$/, '')}${unit}`;
}

/** HumanDuration: numbers are nanoseconds (Go's time.Duration); durations as they are. */
export function humanDuration(v: unknown): string {
  if (v instanceof Duration) return formatHumanDuration(durationNanos(v));
  if (typeof v === 'bigint') return formatHumanDuration(v);
  if (typeof v === 'number') return formatHumanDuration(BigInt(Math.trunc(v)));
  return '';
}
