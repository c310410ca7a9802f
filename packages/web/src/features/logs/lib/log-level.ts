/** The level groups the viewer colours. */
export type LevelTone = 'error' | 'warning' | 'info' | 'debug' | 'none';

const TONES: Record<string, LevelTone> = {
  fatal: 'error',
  panic: 'error',
  critical: 'error',
  crit: 'error',
  emerg: 'error',
  emergency: 'error',
  alert: 'error',
  error: 'error',
  err: 'error',
  e: 'error',
  f: 'error',
  warning: 'warning',
  warn: 'warning',
  w: 'warning',
  info: 'info',
  notice: 'info',
  information: 'info',
  i: 'info',
  debug: 'debug',
  trace: 'debug',
  verbose: 'debug',
  d: 'debug',
};

/** The tone of a severity as backends and parsers write it ('ERROR', 'warn', klog's 'E'). */
export function levelTone(severity: string | undefined | null): LevelTone {
  return severity ? (TONES[severity.trim().toLowerCase()] ?? 'none') : 'none';
}

/** Text colour of a level's badge per tone (errors red, warnings orange, info blue, debug grey). */
export const LEVEL_CLASSES: Record<LevelTone, string> = {
  error: 'text-red-600 dark:text-red-400',
  warning: 'text-orange-600 dark:text-orange-400',
  info: 'text-sky-600 dark:text-sky-400',
  debug: 'text-muted-foreground',
  none: 'text-muted-foreground',
};

/** Colour of the row's left edge per tone, so a level is seen while scrolling fast. */
export const LEVEL_EDGE_CLASSES: Record<LevelTone, string> = {
  error: 'border-l-red-500',
  warning: 'border-l-orange-500',
  info: 'border-l-sky-500',
  debug: 'border-l-transparent',
  none: 'border-l-transparent',
};
