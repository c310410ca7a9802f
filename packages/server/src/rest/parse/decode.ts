/** Decode one query-string component like PostgREST (Haskell's parseQueryReplacePlus): '+' is a space, bad '%' escapes stay as they are, bad UTF-8 becomes U+FFFD. */
export function decodeComponent(s: string): string {
  const plus = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < plus.length; i++) {
      const ch = plus[i]!;
      const hex = plus.slice(i + 1, i + 3);
      if (ch === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        for (const b of new TextEncoder().encode(ch)) bytes.push(b);
      }
    }
    return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes));
  }
}

/** Split a raw query string into decoded [key, value] pairs; `?flag` without '=' gives value undefined. */
export function splitQuery(raw: string): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  if (!raw) return out;
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq < 0) out.push([decodeComponent(part), undefined]);
    else out.push([decodeComponent(part.slice(0, eq)), decodeComponent(part.slice(eq + 1))]);
  }
  return out;
}
