// Syslog lines: RFC 3164 (<pri>Mmm dd hh:mm:ss host tag[pid]: msg, priority optional) and
// RFC 5424 (<pri>1 timestamp host app procid msgid [structured data] msg).
import { type LogLine, setLabel } from './log-line.js';
import { SYSLOG_SEVERITIES } from './severity.js';
import { monthNumber, referenceYear, yearlessTimestamp } from './timestamps.js';

const RFC3164 = /^(?:<(\d{1,3})>)?([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d\d:\d\d:\d\d) (\S+) ([^\s[]+?)(?:\[(\d+)\])?: ?/;
const RFC5424 = /^<(\d{1,3})>\d{1,2} (\S+) (\S+) (\S+) (\S+) (\S+) (-|(?:\[(?:[^\]"\\]|\\.|"(?:[^"\\]|\\.)*")*\])+)(?: |$)/;
const SD_ELEMENT = /\[([^\s\]]+)((?:[^\]"\\]|\\.|"(?:[^"\\]|\\.)*")*)\]/g;
const SD_PARAM = /([^\s=]+)="((?:[^"\\]|\\.)*)"/g;
const SD_ESCAPE = /\\(.)/g;
const BOM = /^\uFEFF/;

/** Cheap pre-check for autodetection: a priority, or a month abbreviation and a space. */
export function looksLikeSyslog(text: string): boolean {
  if (text.charCodeAt(0) === 60 /* < */) return RFC5424.test(text) || RFC3164.test(text);
  return text.charCodeAt(3) === 32 && monthNumber(text.slice(0, 3)) !== undefined && RFC3164.test(text);
}

function severityOf(pri: string): string {
  const code = Number(pri);
  return code <= 191 ? SYSLOG_SEVERITIES[code & 7]! : '';
}

function nil(value: string): string {
  return value === '-' ? '' : value;
}

function parse5424(line: LogLine, m: RegExpExecArray): void {
  if (m[1] !== undefined) line.severity = severityOf(m[1]);
  const stamp = nil(m[2]!);
  if (stamp !== '' && line.firstObserved === undefined && !Number.isNaN(Date.parse(stamp))) line.firstObserved = stamp;
  line.host = nil(m[3]!);
  line.source = nil(m[4]!);
  if (nil(m[5]!) !== '') line.labels.pid = m[5]!;
  if (nil(m[6]!) !== '') line.labels.msgid = m[6]!;
  if (m[7] !== '-') {
    for (const element of m[7]!.matchAll(SD_ELEMENT)) {
      for (const param of element[2]!.matchAll(SD_PARAM)) setLabel(line.labels, param[1]!, param[2]!.replace(SD_ESCAPE, '$1'));
    }
  }
  // A UTF-8 byte-order mark may open the message.
  line.message = line.message.slice(m[0].length).replace(BOM, '');
}

/**
 * Parses an RFC 5424 or RFC 3164 line in place: severity from the priority (kept without one),
 * host, the tag or app name as source, pid as a label. Stamps fill firstObserved when missing.
 */
export function parseSyslogLine(line: LogLine): boolean {
  const text = line.message;
  if (text.charCodeAt(0) === 60) {
    const m = RFC5424.exec(text);
    if (m) {
      parse5424(line, m);
      return true;
    }
  }
  const m = RFC3164.exec(text);
  if (!m) return false;
  const month = monthNumber(m[2]!);
  if (month === undefined) return false;
  if (m[1] !== undefined) line.severity = severityOf(m[1]);
  line.host = m[5]!;
  line.source = m[6]!;
  if (m[7] !== undefined) line.labels.pid = m[7];
  if (line.firstObserved === undefined) {
    const iso = yearlessTimestamp(referenceYear(line), month, Number(m[3]), m[4]!);
    if (iso !== undefined) line.firstObserved = iso;
  }
  line.message = text.slice(m[0].length);
  return true;
}
