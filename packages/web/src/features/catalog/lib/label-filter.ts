import { LABEL_FILTER_SEPARATOR } from '@ops/shared';

/** One label filter: `value` null means "the item has no such label" (PostgREST is.null). */
export interface LabelFilter {
  key: string;
  value: string | null;
}

/** Reads the `labels` URL param: `key__:__value` pairs, comma separated. */
export function decodeLabelFilters(raw: string | null | undefined): LabelFilter[] {
  if (!raw) return [];
  const out: LabelFilter[] = [];
  for (const part of raw.split(',')) {
    const at = part.indexOf(LABEL_FILTER_SEPARATOR);
    if (at <= 0) continue;
    const value = part.slice(at + LABEL_FILTER_SEPARATOR.length);
    out.push({ key: part.slice(0, at), value: value === '' ? null : value });
  }
  return out;
}

/** Writes label filters back into the URL form ('' when there are none). */
export function encodeLabelFilters(filters: readonly LabelFilter[]): string {
  return filters.map((f) => `${f.key}${LABEL_FILTER_SEPARATOR}${f.value ?? ''}`).join(',');
}

/**
 * PostgREST params for label filters: `labels->>{key}=eq.{value}`, or `is.null` when the
 * value is empty. Several values of one key become `in.(…)`.
 */
export function labelFilterParams(filters: readonly LabelFilter[]): Record<string, string> {
  const byKey = new Map<string, (string | null)[]>();
  for (const f of filters) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f.value]);
  const out: Record<string, string> = {};
  for (const [key, values] of byKey) {
    const column = `labels->>${key}`;
    if (values.length === 1) out[column] = values[0] === null ? 'is.null' : `eq.${values[0]}`;
    else out[column] = `in.(${values.map((v) => `"${(v ?? '').replace(/"/g, '\\"')}"`).join(',')})`;
  }
  return out;
}
