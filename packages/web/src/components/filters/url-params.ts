/** Pure helpers for query-string state: what goes into the URL and what is dropped. */

/** The value a dropdown uses for "no filter"; it never reaches the URL or a query. */
export const ALL = 'all';

export type ParamPatch = Record<string, string | null | undefined>;

/**
 * Apply a patch to search params and return a new object. `undefined`/`null` deletes a key;
 * an empty string deletes it too unless a non-empty default exists (then '' means "explicitly none").
 */
export function patchParams(
  current: URLSearchParams,
  patch: ParamPatch,
  defaults: Readonly<Record<string, string | undefined>> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    const fallback = defaults[key];
    const drop = value == null || value === fallback || (value === '' && !fallback);
    if (drop) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Treat 'all' and empty values as "no filter" (spec: filter values 'all' are dropped from queries). */
export function filterValue(value: string | null | undefined): string | undefined {
  if (value == null || value === '' || value === ALL) return undefined;
  return value;
}

/** Remove every key whose value is 'all', empty, null or undefined from a query object. */
export function dropAll<T extends Record<string, string | null | undefined>>(query: T): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const v = filterValue(value);
    if (v !== undefined) out[key] = v;
  }
  return out;
}
