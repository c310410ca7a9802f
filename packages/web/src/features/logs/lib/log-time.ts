const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * A line's time in local time as `YYYY-MM-DD HH:mm:ss.SSS` (sortable, fixed width); text that is not a date is
 * shown as it is. Hand-formatted: Intl formatting per row is too slow over long scrolls.
 */
export function formatLogTime(timestamp: string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return timestamp;
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  );
}
