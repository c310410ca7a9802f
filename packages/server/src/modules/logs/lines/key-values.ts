// A hand-written scanner for logfmt pairs (key=value, key="quoted \"value\""), shared by the
// logfmt and klog parsers; a loop over characters is several times faster than a global regex.

export interface KeyValueScan {
  pairs: [string, string][];
  /** Index in the text where scanning stopped (text.length when everything was pairs). */
  end: number;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * Reads key=value pairs from `start` until the end or the first token that is not a pair.
 * Quoted values may contain spaces and backslash escapes; an unterminated quote takes the rest.
 */
export function scanKeyValues(text: string, start = 0): KeyValueScan {
  const pairs: [string, string][] = [];
  const n = text.length;
  let i = start;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return { pairs, end: n };
    const tokenStart = i;
    while (i < n && text.charCodeAt(i) !== 61 /* = */ && !isSpace(text.charCodeAt(i)) && text.charCodeAt(i) !== 34 /* " */) i++;
    if (i === tokenStart || i >= n || text.charCodeAt(i) !== 61) return { pairs, end: tokenStart };
    const key = text.slice(tokenStart, i);
    i++;
    let value: string;
    if (i < n && text.charCodeAt(i) === 34) {
      i++;
      let out = '';
      let from = i;
      while (i < n && text.charCodeAt(i) !== 34) {
        if (text.charCodeAt(i) === 92 /* \ */ && i + 1 < n) {
          out += text.slice(from, i);
          const next = text[i + 1]!;
          out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
          from = i;
        } else i++;
      }
      value = out + text.slice(from, i);
      if (i < n) i++;
    } else {
      const valueStart = i;
      while (i < n && !isSpace(text.charCodeAt(i))) i++;
      value = text.slice(valueStart, i);
    }
    pairs.push([key, value]);
  }
}
