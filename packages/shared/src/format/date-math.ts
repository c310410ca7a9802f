/** Units of relative ranges: ms, s, m, h, d, w, M, y. */
export type DateMathUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'y';

const UNIT_RE = '(ms|s|m|h|d|w|M|y)';
const OP_RE = new RegExp(`^(?:([+-])(\\d+)${UNIT_RE}|/${UNIT_RE})`);

/** Adds `amount` units to a date in local time (months and years follow the calendar). */
function add(date: Date, amount: number, unit: DateMathUnit): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'y':
      d.setFullYear(d.getFullYear() + amount);
      break;
    case 'M':
      d.setMonth(d.getMonth() + amount);
      break;
    case 'w':
      d.setDate(d.getDate() + 7 * amount);
      break;
    case 'd':
      d.setDate(d.getDate() + amount);
      break;
    case 'h':
      d.setHours(d.getHours() + amount);
      break;
    case 'm':
      d.setMinutes(d.getMinutes() + amount);
      break;
    case 's':
      d.setSeconds(d.getSeconds() + amount);
      break;
    case 'ms':
      d.setMilliseconds(d.getMilliseconds() + amount);
      break;
  }
  return d;
}

/** Start of the unit that holds `date`, local time; weeks start on Monday (ISO 8601). */
function startOf(date: Date, unit: DateMathUnit): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'y':
      d.setMonth(0, 1);
      d.setHours(0, 0, 0, 0);
      break;
    case 'M':
      d.setDate(1);
      d.setHours(0, 0, 0, 0);
      break;
    case 'w':
      d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
      d.setHours(0, 0, 0, 0);
      break;
    case 'd':
      d.setHours(0, 0, 0, 0);
      break;
    case 'h':
      d.setMinutes(0, 0, 0);
      break;
    case 'm':
      d.setSeconds(0, 0);
      break;
    case 's':
      d.setMilliseconds(0);
      break;
    case 'ms':
      break;
  }
  return d;
}

/** Last millisecond of the unit that holds `date`. */
function endOf(date: Date, unit: DateMathUnit): Date {
  return new Date(add(startOf(date, unit), 1, unit).getTime() - 1);
}

/**
 * Evaluates a date-math expression such as 'now-2d', 'now/d', 'now-1M/M' or 'now+5m' against `now`.
 * `/unit` rounds to the start of the unit, or to its end when `roundUp` (the 'to' side of a range).
 * Anything else that JavaScript reads as a date is taken as absolute. Bad input → undefined.
 */
export function parseDateMath(expr: string, now: Date, roundUp = false): Date | undefined {
  const text = expr.trim();
  if (!text.startsWith('now')) {
    if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
    const parsed = new Date(text);
    return Number.isNaN(parsed.getTime()) ? undefined : parsed;
  }
  let rest = text.slice(3);
  let result = new Date(now.getTime());
  while (rest.length > 0) {
    const match = OP_RE.exec(rest);
    if (!match) return undefined;
    if (match[4]) {
      const unit = match[4] as DateMathUnit;
      result = roundUp ? endOf(result, unit) : startOf(result, unit);
    } else {
      const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
      result = add(result, amount, match[3] as DateMathUnit);
    }
    rest = rest.slice(match[0].length);
  }
  return result;
}
