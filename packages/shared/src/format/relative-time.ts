const STEPS: ReadonlyArray<[limitSeconds: number, divisor: number, unit: string]> = [
  [60, 1, 's'],
  [3600, 60, 'm'],
  [86_400, 3600, 'h'],
  [30 * 86_400, 86_400, 'd'],
  [365 * 86_400, 30 * 86_400, 'mo'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'y'],
];

/**
 * Compact relative time for lists: '5m ago', '3h ago', '2d ago'; 'just now' under a second and
 * 'in 5m' for future times. Invalid dates give '' rather than 'NaN ago'.
 */
export function formatRelativeTime(date: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (date === null || date === undefined || date === '') return '';
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const diffSeconds = (now.getTime() - time) / 1000;
  const abs = Math.abs(diffSeconds);
  if (abs < 1) return 'just now';
  const [, divisor, unit] = STEPS.find(([limit]) => abs < limit)!;
  const text = `${Math.floor(abs / divisor)}${unit}`;
  return diffSeconds >= 0 ? `${text} ago` : `in ${text}`;
}
