// Points in time of the catalogue calls: ISO timestamps, date math ('now-2d', 'now/d') or a duration
// meaning "that long ago" ('2d', '30m').
import { parseDateMath, parseDurationMs } from '@ops/shared';
import { badRequest } from '../../../http/errors.js';

/** Resolve `text` against `now`; 400 naming `field` when it is not a time. */
export function timePoint(field: string, text: string, now: Date = new Date()): Date {
  const t = text.trim();
  const ago = parseDurationMs(t);
  if (ago !== undefined) return new Date(now.getTime() - ago);
  if (t.startsWith('now')) {
    const d = parseDateMath(t, now);
    if (d) return d;
  } else if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const d = new Date(t);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw badRequest(`${field}: '${text}' is not a time (use an ISO timestamp, now-2d or a duration such as 2d)`);
}
