// JSON log lines (zap, logrus, pino, bunyan, slog): well-known keys fill the line's fields and
// every other key becomes a label, nested objects flattened with dots.
import { type LogLine, setLabel } from './log-line.js';
import { normalizeSeverity } from './severity.js';
import { timestampFromValue } from './timestamps.js';

type Field = 'message' | 'severity' | 'source' | 'host' | 'time';

const KEY_FIELDS = new Map<string, Field>([
  ['msg', 'message'],
  ['message', 'message'],
  ['level', 'severity'],
  ['severity', 'severity'],
  ['lvl', 'severity'],
  ['loglevel', 'severity'],
  ['source', 'source'],
  ['caller', 'source'],
  ['logger', 'source'],
  ['host', 'host'],
  ['hostname', 'host'],
  ['time', 'time'],
  ['ts', 'time'],
  ['timestamp', 'time'],
  ['@timestamp', 'time'],
]);

const FIELD_BITS: Record<Field, number> = { message: 1, severity: 2, source: 4, host: 8, time: 16 };

/** A label value: strings as they are, other scalars and arrays as JSON text, null as ''. */
function labelText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

function addLabels(labels: Record<string, string>, prefix: string, value: unknown): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) addLabels(labels, prefix === '' ? k : `${prefix}.${k}`, v);
  } else setLabel(labels, prefix, labelText(value));
}

/**
 * Parses a line whose message is a JSON object, in place. The first key naming each field wins
 * (later ones stay labels); a timestamp fills firstObserved only when the line has none.
 * Without a message key the JSON text stays the message. Returns false, leaving the line
 * unchanged, when the message is not a JSON object.
 */
export function parseJsonLine(line: LogLine): boolean {
  const text = line.message;
  if (text.charCodeAt(0) !== 123 /* { */) return false;
  let fields: unknown;
  try {
    fields = JSON.parse(text);
  } catch {
    return false;
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return false;
  // Bit per field already taken (cheaper than a Set per line).
  let taken = 0;
  let message: string | undefined;
  for (const [key, value] of Object.entries(fields)) {
    const field = KEY_FIELDS.get(key);
    const scalar = value === null || typeof value !== 'object';
    if (field !== undefined && scalar && (taken & FIELD_BITS[field]) === 0) {
      if (field === 'time') {
        const iso = timestampFromValue(value);
        if (iso !== undefined) {
          taken |= FIELD_BITS[field];
          if (line.firstObserved === undefined) {
            line.firstObserved = iso;
            continue;
          }
        }
      } else {
        const str = labelText(value);
        taken |= FIELD_BITS[field];
        if (field === 'message') message = str;
        else if (field === 'severity') line.severity = normalizeSeverity(str);
        else if (field === 'source') line.source = str;
        else line.host = str;
        continue;
      }
    }
    addLabels(line.labels, key, value);
  }
  if (message !== undefined) line.message = message;
  return true;
}
