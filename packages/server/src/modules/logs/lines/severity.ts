// Severity names differ per logger (WARN, warn, W, 40, "warning"); the viewer colours and filters
// by one vocabulary, so parsers map what they read onto it.

/** Syslog severities by their numeric code 0–7 (also our canonical names). */
export const SYSLOG_SEVERITIES: readonly string[] = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug'];

const ALIASES = new Map<string, string>([
  ['trace', 'trace'],
  ['trc', 'trace'],
  ['debug', 'debug'],
  ['dbg', 'debug'],
  ['dbug', 'debug'],
  ['info', 'info'],
  ['inf', 'info'],
  ['information', 'info'],
  ['informational', 'info'],
  ['notice', 'notice'],
  ['warn', 'warning'],
  ['warning', 'warning'],
  ['wrn', 'warning'],
  ['error', 'error'],
  ['err', 'error'],
  ['eror', 'error'],
  ['crit', 'critical'],
  ['critical', 'critical'],
  ['fatal', 'fatal'],
  ['ftl', 'fatal'],
  ['panic', 'fatal'],
  ['dpanic', 'fatal'],
  ['alert', 'alert'],
  ['emerg', 'emergency'],
  ['emergency', 'emergency'],
]);

// pino and bunyan write numeric levels in steps of ten.
const NUMERIC = new Map<string, string>([
  ['10', 'trace'],
  ['20', 'debug'],
  ['30', 'info'],
  ['40', 'warning'],
  ['50', 'error'],
  ['60', 'fatal'],
]);

/**
 * The canonical severity for a logger's level: names and abbreviations in any case, syslog codes
 * 0–7 and pino/bunyan numbers; anything unknown is kept, lower-cased and trimmed.
 */
export function normalizeSeverity(raw: string): string {
  const key = raw.trim().toLowerCase();
  if (key === '') return '';
  const alias = ALIASES.get(key);
  if (alias !== undefined) return alias;
  if (key.length === 1 && key >= '0' && key <= '7') return SYSLOG_SEVERITIES[Number(key)]!;
  return NUMERIC.get(key) ?? key;
}
