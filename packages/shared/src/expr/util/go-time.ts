// Go's reference-time layouts ("2006-01-02T15:04:05Z07:00") for time.Parse and Time.Format.
// Times are JS Dates; formatting uses UTC (or a fixed offset), as our timestamps carry no zone.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Chunk = { std: string; text: string };

const FIXED = [
  'January',
  'Jan',
  'Monday',
  'Mon',
  'MST',
  '2006',
  '002',
  '__2',
  '_2',
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '15',
  'PM',
  'pm',
  'Z07:00:00',
  'Z070000',
  'Z07:00',
  'Z0700',
  'Z07',
  '-07:00:00',
  '-070000',
  '-07:00',
  '-0700',
  '-07',
  '1',
  '2',
  '3',
  '4',
  '5',
];

/** Splits a layout into literal text and Go layout elements, in Go's precedence order. */
export function layoutChunks(layout: string): Chunk[] {
  const out: Chunk[] = [];
  let lit = '';
  let i = 0;
  outer: while (i < layout.length) {
    const c = layout[i]!;
    if ((c === '.' || c === ',') && (layout[i + 1] === '0' || layout[i + 1] === '9')) {
      const d = layout[i + 1]!;
      let j = i + 1;
      while (layout[j] === d) j++;
      if (!/[0-9]/.test(layout[j] ?? '')) {
        if (lit) out.push({ std: '', text: lit });
        lit = '';
        out.push({ std: `${c}${d.repeat(j - i - 1)}`, text: layout.slice(i, j) });
        i = j;
        continue;
      }
    }
    for (const f of FIXED) {
      if (!layout.startsWith(f, i)) continue;
      if (f === '_2' && layout.startsWith('_2006', i)) break;
      if (lit) out.push({ std: '', text: lit });
      lit = '';
      out.push({ std: f, text: f });
      i += f.length;
      continue outer;
    }
    lit += c;
    i++;
  }
  if (lit) out.push({ std: '', text: lit });
  return out;
}

const pad = (n: number, w: number, ch = '0') => String(n).padStart(w, ch);

/** Formats the offset (minutes east of UTC) the way a Go zone element asks for. */
function zone(std: string, offsetMin: number): string {
  if (std.startsWith('Z') && offsetMin === 0) return 'Z';
  const sign = offsetMin < 0 ? '-' : '+';
  const a = Math.abs(offsetMin);
  const hh = pad(Math.floor(a / 60), 2);
  const mm = pad(a % 60, 2);
  const body = std.replace(/^Z/, '-');
  if (body === '-07') return `${sign}${hh}`;
  if (body === '-0700') return `${sign}${hh}${mm}`;
  if (body === '-070000') return `${sign}${hh}${mm}00`;
  if (body === '-07:00:00') return `${sign}${hh}:${mm}:00`;
  return `${sign}${hh}:${mm}`;
}

/** Time.Format with a Go layout; `offsetMinutes` shifts the wall clock (0 = UTC). */
export function formatGoTime(date: Date, layout: string, offsetMinutes = 0): string {
  const t = new Date(date.getTime() + offsetMinutes * 60_000);
  const [Y, M, D, h, m, s, ms] = [
    t.getUTCFullYear(),
    t.getUTCMonth(),
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
    t.getUTCMilliseconds(),
  ];
  const yday = Math.floor((Date.UTC(Y, M, D) - Date.UTC(Y, 0, 1)) / 86_400_000) + 1;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return layoutChunks(layout)
    .map(({ std, text }) => {
      switch (std) {
        case '':
          return text;
        case 'January':
          return MONTHS[M]!;
        case 'Jan':
          return MONTHS[M]!.slice(0, 3);
        case '1':
          return String(M + 1);
        case '01':
          return pad(M + 1, 2);
        case 'Monday':
          return DAYS[t.getUTCDay()]!;
        case 'Mon':
          return DAYS[t.getUTCDay()]!.slice(0, 3);
        case '2':
          return String(D);
        case '_2':
          return pad(D, 2, ' ');
        case '02':
          return pad(D, 2);
        case '__2':
          return pad(yday, 3, ' ');
        case '002':
          return pad(yday, 3);
        case '15':
          return pad(h, 2);
        case '3':
          return String(h12);
        case '03':
          return pad(h12, 2);
        case '4':
          return String(m);
        case '04':
          return pad(m, 2);
        case '5':
          return String(s);
        case '05':
          return pad(s, 2);
        case '2006':
          return pad(Y, 4);
        case '06':
          return pad(Y % 100, 2);
        case 'PM':
          return h >= 12 ? 'PM' : 'AM';
        case 'pm':
          return h >= 12 ? 'pm' : 'am';
        case 'MST':
          return offsetMinutes === 0 ? 'UTC' : zone('-07:00', offsetMinutes);
        default:
          if (std.startsWith('.') || std.startsWith(',')) {
            const digits = pad(ms, 3)
              .padEnd(9, '0')
              .slice(0, std.length - 1);
            if (std[1] === '0') return std[0] + digits;
            const trimmed = digits.replace(/0+$/, '');
            return trimmed ? std[0] + trimmed : '';
          }
          return zone(std, offsetMinutes);
      }
    })
    .join('');
}

const NUM_CHUNK: Record<string, [number, number]> = {
  '1': [1, 2],
  '01': [2, 2],
  '2': [1, 2],
  '02': [2, 2],
  _2: [1, 2],
  '15': [1, 2],
  '3': [1, 2],
  '03': [2, 2],
  '4': [1, 2],
  '04': [2, 2],
  '5': [1, 2],
  '05': [2, 2],
  '2006': [4, 4],
  '06': [2, 2],
  '002': [3, 3],
  __2: [1, 3],
};

/** time.Parse: reads `value` with a Go layout; the result is the UTC instant it names. */
export function parseGoTime(layout: string, value: string): Date {
  const fail = (what: string, rest: string) =>
    new Error(
      `parsing time ${JSON.stringify(value)} as ${JSON.stringify(layout)}: cannot parse ${JSON.stringify(rest)} as ${JSON.stringify(what)}`,
    );
  const f = { Y: 1, M: 1, D: 1, h: 0, m: 0, s: 0, ms: 0, pm: undefined as boolean | undefined, off: 0, yday: 0 };
  let rest = value;
  for (const { std, text } of layoutChunks(layout)) {
    if (std === '') {
      if (!rest.startsWith(text)) throw fail(text, rest);
      rest = rest.slice(text.length);
      continue;
    }
    const num = NUM_CHUNK[std];
    if (num) {
      if (std === '_2' || std === '__2') rest = rest.replace(/^ +/, '');
      const m = new RegExp(`^\\d{${num[0]},${num[1]}}`).exec(rest);
      if (!m) throw fail(std, rest);
      const n = Number(m[0]);
      rest = rest.slice(m[0].length);
      if (std === '1' || std === '01') f.M = n;
      else if (std === '2' || std === '02' || std === '_2') f.D = n;
      else if (std === '15' || std === '3' || std === '03') f.h = n;
      else if (std === '4' || std === '04') f.m = n;
      else if (std === '5' || std === '05') {
        f.s = n;
        const frac = /^[.,](\d+)/.exec(rest);
        if (frac) {
          f.ms = Number(frac[1]!.padEnd(3, '0').slice(0, 3));
          rest = rest.slice(frac[0].length);
        }
      } else if (std === '2006') f.Y = n;
      else if (std === '06') f.Y = n >= 69 ? 1900 + n : 2000 + n;
      else f.yday = n;
      continue;
    }
    if (std === 'January' || std === 'Jan' || std === 'Monday' || std === 'Mon') {
      const names = std.startsWith('J') ? MONTHS : DAYS;
      const idx = names.findIndex((n) => rest.toLowerCase().startsWith((std.length === 3 ? n.slice(0, 3) : n).toLowerCase()));
      if (idx < 0) throw fail(std, rest);
      rest = rest.slice(std.length === 3 ? 3 : names[idx]!.length);
      if (std.startsWith('J')) f.M = idx + 1;
      continue;
    }
    if (std === 'PM' || std === 'pm') {
      const ap = rest.slice(0, 2).toUpperCase();
      if (ap !== 'AM' && ap !== 'PM') throw fail(std, rest);
      f.pm = ap === 'PM';
      rest = rest.slice(2);
      continue;
    }
    if (std === 'MST') {
      const m = /^[A-Z]{3,5}|^[+-]\d\d(:?\d\d)?/.exec(rest);
      if (!m) throw fail(std, rest);
      rest = rest.slice(m[0].length);
      continue;
    }
    if (std.startsWith('.') || std.startsWith(',')) {
      const m = /^[.,](\d+)/.exec(rest);
      if (m) {
        f.ms = Number(m[1]!.padEnd(3, '0').slice(0, 3));
        rest = rest.slice(m[0].length);
      } else if (std[1] === '0') throw fail(std, rest);
      continue;
    }
    if (std.startsWith('Z') && rest.startsWith('Z')) {
      rest = rest.slice(1);
      continue;
    }
    const z = /^([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?/.exec(rest);
    if (!z) throw fail(std, rest);
    f.off = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3] ?? 0));
    rest = rest.slice(z[0].length);
  }
  if (rest !== '') throw new Error(`parsing time ${JSON.stringify(value)}: extra text: ${JSON.stringify(rest)}`);
  if (f.pm !== undefined) f.h = (f.h % 12) + (f.pm ? 12 : 0);
  if (f.M < 1 || f.M > 12) throw new Error(`parsing time ${JSON.stringify(value)}: month out of range`);
  if (f.D < 1 || f.D > 31 || f.h > 23 || f.m > 59 || f.s > 59) throw new Error(`parsing time ${JSON.stringify(value)}: value out of range`);
  const base = f.yday ? Date.UTC(f.Y, 0, f.yday, f.h, f.m, f.s, f.ms) : Date.UTC(f.Y, f.M - 1, f.D, f.h, f.m, f.s, f.ms);
  const d = new Date(base - f.off * 60_000);
  if (f.Y < 100) d.setUTCFullYear(f.Y);
  return d;
}

/** Go's default Time.String() layout, used when a template prints a time value. */
export const GO_TIME_STRING_LAYOUT = '2006-01-02 15:04:05.999999999 -0700 MST';
/** Go's time.RFC3339 layout. */
export const RFC3339 = '2006-01-02T15:04:05Z07:00';
