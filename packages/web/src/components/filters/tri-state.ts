/**
 * Tri-state include/exclude filters (spec: 0 none, 1 include, -1 exclude). The URL form is
 * `value:1,other:-1`; ':' ',' and '%' inside values are percent-escaped so any value round-trips.
 */

export type TriState = 0 | 1 | -1;
export type TriStateMap = Record<string, TriState>;

const escape = (v: string): string => v.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C');
const unescape = (v: string): string => v.replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%25/g, '%');

/** Encode the non-zero entries for the URL; an empty map gives ''. */
export function encodeTriState(map: Readonly<TriStateMap>): string {
  return Object.entries(map)
    .filter(([, state]) => state === 1 || state === -1)
    .map(([value, state]) => `${escape(value)}:${state}`)
    .join(',');
}

/** Decode a URL value; malformed parts and states other than 1 / -1 are ignored. */
export function decodeTriState(encoded: string | null | undefined): TriStateMap {
  const out: TriStateMap = {};
  if (!encoded) return out;
  for (const part of encoded.split(',')) {
    const at = part.lastIndexOf(':');
    if (at <= 0) continue;
    const state = part.slice(at + 1);
    if (state !== '1' && state !== '-1') continue;
    out[unescape(part.slice(0, at))] = state === '1' ? 1 : -1;
  }
  return out;
}

/** The next state when an option is clicked: none → include → exclude → none. */
export function nextTriState(state: TriState | undefined): TriState {
  if (state === 1) return -1;
  if (state === -1) return 0;
  return 1;
}

/** Set one value's state; 0 removes it so the map only holds active entries. */
export function setTriState(map: Readonly<TriStateMap>, value: string, state: TriState): TriStateMap {
  const out: TriStateMap = { ...map };
  if (state === 0) delete out[value];
  else out[value] = state;
  return out;
}

/** Quote a value for a PostgREST list when it holds reserved characters. */
export function quotePostgrestValue(value: string): string {
  if (value !== '' && !/[,()"\\:.\s]/.test(value)) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The PostgREST filter for a tri-state map: `in.(…)` for the included values, else `not.in.(…)`
 * for the excluded ones (once something is included, excluding others adds nothing), else undefined.
 */
export function triStateToPostgrest(map: Readonly<TriStateMap>): string | undefined {
  const list = (state: TriState): string[] =>
    Object.entries(map)
      .filter(([, s]) => s === state)
      .map(([value]) => quotePostgrestValue(value));
  const include = list(1);
  if (include.length) return `in.(${include.join(',')})`;
  const exclude = list(-1);
  if (exclude.length) return `not.in.(${exclude.join(',')})`;
  return undefined;
}
