/** The URL param holding selected body lines, repeated once per line. */
export const SELECTED_PARAM = 'selected';

/** Selected 1-based line numbers from the URL, deduplicated and sorted; garbage is ignored. */
export function readSelectedLines(params: URLSearchParams): number[] {
  const lines = params
    .getAll(SELECTED_PARAM)
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/**
 * The selection after clicking `line`: a plain click toggles it; a shift-click adds every line between
 * the last clicked one (`anchor`) and this one.
 */
export function nextSelection(current: readonly number[], line: number, anchor: number | null, range: boolean): number[] {
  const set = new Set(current);
  if (range && anchor !== null) {
    const [from, to] = anchor < line ? [anchor, line] : [line, anchor];
    for (let n = from; n <= to; n++) set.add(n);
  } else if (set.has(line)) {
    set.delete(line);
  } else {
    set.add(line);
  }
  return [...set].sort((a, b) => a - b);
}

/** Search params with the selection replaced (other params kept). */
export function withSelectedLines(params: URLSearchParams, lines: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(SELECTED_PARAM);
  for (const line of lines) next.append(SELECTED_PARAM, String(line));
  return next;
}
