// klog lines (Kubernetes components): Lmmdd hh:mm:ss.uuuuuu threadid file:line] msg, where the
// message is either free text or a quoted message followed by key=value pairs.
import { scanKeyValues } from './key-values.js';
import { type LogLine, setLabel } from './log-line.js';
import { referenceYear, yearlessTimestamp } from './timestamps.js';

const KLOG = /^([IWEF])(\d\d)(\d\d) (\d\d:\d\d:\d\d)\.(\d{1,9})\s+\d+ ([^\s\]]+:\d+)\] ?/;

const SEVERITIES: Record<string, string> = { I: 'info', W: 'warning', E: 'error', F: 'fatal' };

/** Cheap pre-check for autodetection: severity letter, four digits, a space. */
export function looksLikeKlog(text: string): boolean {
  const c = text[0];
  if (c !== 'I' && c !== 'W' && c !== 'E' && c !== 'F') return false;
  if (text.charCodeAt(5) !== 32) return false;
  for (let i = 1; i < 5; i++) {
    const d = text.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return KLOG.test(text);
}

/** Reads a Go-quoted string starting at `start` (a '"'); returns it and the index after it. */
function quoted(text: string, start: number): [string, number] | undefined {
  let out = '';
  let from = start + 1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */ && i + 1 < text.length) {
      out += text.slice(from, i);
      const next = text[i + 1]!;
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i++;
      from = i + 1;
    } else if (c === 34 /* " */) return [out + text.slice(from, i), i + 1];
  }
  return undefined;
}

/**
 * Parses a klog line in place: severity from the letter, source file:line, the quoted message and
 * its pairs as labels (free text stays the message). The stamp fills firstObserved when missing.
 */
export function parseKlogLine(line: LogLine): boolean {
  const text = line.message;
  const m = KLOG.exec(text);
  if (!m) return false;
  line.severity = SEVERITIES[m[1]!]!;
  line.source = m[6]!;
  if (line.firstObserved === undefined) {
    const iso = yearlessTimestamp(referenceYear(line), Number(m[2]), Number(m[3]), m[4]!, m[5]);
    if (iso !== undefined) line.firstObserved = iso;
  }
  const rest = m[0].length;
  const q = text.charCodeAt(rest) === 34 ? quoted(text, rest) : undefined;
  if (q === undefined) {
    line.message = text.slice(rest);
    return true;
  }
  line.message = q[0];
  const { pairs, end } = scanKeyValues(text, q[1]);
  for (const [key, value] of pairs) setLabel(line.labels, key, value);
  // Text after the pairs is not klog's format; keep it rather than drop it.
  if (end < text.length) line.message += ` ${text.slice(end)}`;
  return true;
}
