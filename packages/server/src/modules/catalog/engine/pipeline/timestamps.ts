import { goTime } from '../expr.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Parse a timestamp with a Go layout (`timestampFormat`, e.g. "2006-01-02 15:04"), RFC 3339 by
 * default as config-db does. Undefined when the value does not fit the layout.
 */
export function parseTimestamp(value: string, layout?: string): Date | undefined {
  if (!layout || layout === '2006-01-02T15:04:05Z07:00') {
    if (!RFC3339.test(value)) return undefined;
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  try {
    return goTime(layout, value);
  } catch {
    return undefined;
  }
}
