// The values deduplication and grouping compare: a line field by name, or a label by
// "label.<key>" or by its bare key.
import { lineHash } from './fingerprint.js';
import { effectiveMessage, type LogLine } from './log-line.js';

/** Line fields that can be named in dedupe and groupBy (anything else is a label key). */
export const LINE_FIELDS = ['message', 'hash', 'severity', 'source', 'host', 'firstObserved', 'lastObserved', 'count', 'id'] as const;

/** The label key a field names, or undefined when it names a line field. */
export function labelKeyOf(field: string): string | undefined {
  if (field.startsWith('label.')) return field.slice(6);
  if (field.startsWith('labels.')) return field.slice(7);
  return (LINE_FIELDS as readonly string[]).includes(field) ? undefined : field;
}

/** The value of one field of a line, tagged with the field so values of different fields never collide. */
export function fieldValue(line: LogLine, field: string, messageFields?: readonly string[]): string {
  switch (field) {
    case 'message':
      return `msg::${effectiveMessage(line, messageFields)}`;
    case 'hash':
      return `hash::${lineHash(line, messageFields)}`;
    case 'severity':
      return `severity::${line.severity}`;
    case 'source':
      return `source::${line.source}`;
    case 'host':
      return `host::${line.host}`;
    case 'firstObserved':
      return `firstObserved::${line.firstObserved ?? ''}`;
    case 'lastObserved':
      return `lastObserved::${line.lastObserved ?? ''}`;
    case 'count':
      return `count::${line.count}`;
    case 'id':
      return `id::${line.id ?? ''}`;
  }
  const key = labelKeyOf(field)!;
  const value = Object.hasOwn(line.labels, key) ? line.labels[key] : undefined;
  return value === undefined ? `label.${key}:unset` : `label.${key}=${value}`;
}

/** The key of a line over several fields (NUL-joined; empty for no fields). */
export function fieldKey(line: LogLine, fields: readonly string[], messageFields?: readonly string[]): string {
  if (fields.length === 1) return fieldValue(line, fields[0]!, messageFields);
  let key = '';
  for (let i = 0; i < fields.length; i++) key += (i === 0 ? '' : '\u0000') + fieldValue(line, fields[i]!, messageFields);
  return key;
}
