// logfmt lines (level=info msg="..." key=value): msg/message, level and the usual field keys
// fill the line; the other pairs become labels.
import { scanKeyValues } from './key-values.js';
import { type LogLine, setLabel } from './log-line.js';
import { normalizeSeverity } from './severity.js';
import { timestampFromValue } from './timestamps.js';

/** Fills firstObserved from a pair's value; false when the value is not a time. */
function setTime(line: LogLine, value: string): boolean {
  const iso = timestampFromValue(value);
  if (iso !== undefined) line.firstObserved = iso;
  return iso !== undefined;
}

/**
 * Parses logfmt pairs from the message, in place. Needs at least one pair; the message becomes
 * the msg/message value, or stays the whole text when there is none or text follows the pairs.
 */
export function parseLogfmtLine(line: LogLine): boolean {
  const text = line.message;
  const { pairs, end } = scanKeyValues(text);
  if (pairs.length === 0) return false;
  let message: string | undefined;
  let severitySet = false;
  for (const [key, value] of pairs) {
    if ((key === 'msg' || key === 'message') && message === undefined) message = value;
    else if ((key === 'level' || key === 'lvl' || key === 'severity') && !severitySet) {
      line.severity = normalizeSeverity(value);
      severitySet = true;
    } else if ((key === 'caller' || key === 'source' || key === 'logger') && line.source === '') line.source = value;
    else if ((key === 'host' || key === 'hostname') && line.host === '') line.host = value;
    else if ((key === 'ts' || key === 'time' || key === 'timestamp') && line.firstObserved === undefined && setTime(line, value)) continue;
    else setLabel(line.labels, key, value);
  }
  if (message !== undefined && end >= text.length) line.message = message;
  else if (message !== undefined) line.labels.msg = message;
  return true;
}

/** Whether a message reads as logfmt: at least two pairs and nothing but pairs (cheap '=' check first). */
export function looksLikeLogfmt(text: string): boolean {
  if (text.indexOf('=') < 0) return false;
  const { pairs, end } = scanKeyValues(text);
  return pairs.length >= 2 && end >= text.length;
}
