// One entry point for message parsing: a named format, or autodetection that picks a format per
// line from its first characters and leaves plain text as it is.
import type { LogLine } from './log-line.js';
import { parseJsonLine } from './parse-json.js';
import { looksLikeKlog, parseKlogLine } from './parse-klog.js';
import { looksLikeLogfmt, parseLogfmtLine } from './parse-logfmt.js';
import { looksLikeSyslog, parseSyslogLine } from './parse-syslog.js';

/** Formats a log source may declare ('klog' is accepted for 'klogfmt'). */
export const LOG_FORMATS = ['autodetect', 'json', 'logfmt', 'klogfmt', 'klog', 'syslog'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type DetectedFormat = 'json' | 'logfmt' | 'klogfmt' | 'syslog';

/**
 * The format of one message, or undefined for plain text. Decides on the first character before
 * any regex: '{' JSON, a klog letter and digits, '<' or a month syslog, then logfmt.
 */
export function detectLogFormat(message: string): DetectedFormat | undefined {
  const c = message.charCodeAt(0);
  if (Number.isNaN(c)) return undefined;
  if (c === 123 /* { */) return 'json';
  if (looksLikeKlog(message)) return 'klogfmt';
  if ((c === 60 /* < */ || (c >= 65 && c <= 90)) /* A-Z */ && looksLikeSyslog(message)) return 'syslog';
  if (looksLikeLogfmt(message)) return 'logfmt';
  return undefined;
}

/** Parses a line's message in place with `format`; false when it did not fit (line unchanged). */
export function parseLogLine(line: LogLine, format: LogFormat): boolean {
  switch (format) {
    case 'json':
      return parseJsonLine(line);
    case 'logfmt':
      return parseLogfmtLine(line);
    case 'klog':
    case 'klogfmt':
      return parseKlogLine(line);
    case 'syslog':
      return parseSyslogLine(line);
    case 'autodetect': {
      const detected = detectLogFormat(line.message);
      return detected === undefined ? false : parseLogLine(line, detected);
    }
  }
}

/** Parses every line in place (one array, no copies: backends hand over up to a million lines). */
export function parseLogLines(lines: LogLine[], format: LogFormat): LogLine[] {
  for (const line of lines) parseLogLine(line, format);
  return lines;
}
