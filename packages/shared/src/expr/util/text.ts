// String helpers with Go/gomplate semantics, shared by the CEL library and template functions.

/** Go's strconv.Quote: double-quoted with Go escapes (\n, \t, \x1b, \u2028). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (cp === 7) out += '\\a';
    else if (cp === 8) out += '\\b';
    else if (cp === 12) out += '\\f';
    else if (cp === 11) out += '\\v';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Single-quoted, with embedded single quotes doubled (gomplate's squote). */
export function squote(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** POSIX-shell-safe single quoting (gomplate's shellQuote). */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'"'"'`)}'`;
}

/** Splits text into words at spaces, punctuation and lower→Upper case changes. */
function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** "hello world" → "HelloWorld" (gomplate's camelCase keeps the first letter upper). */
export function camelCase(s: string): string {
  return words(s)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** "Hello World" → "hello-world". */
export function kebabCase(s: string): string {
  return words(s)
    .map((w) => w.toLowerCase())
    .join('-');
}

/** "Hello World" → "hello_world". */
export function snakeCase(s: string): string {
  return words(s)
    .map((w) => w.toLowerCase())
    .join('_');
}

/** URL slug: lower case words joined by '-', accents dropped. */
export function slug(s: string): string {
  return kebabCase(s.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
}

/** Upper-cases the first letter of every word. */
export function titleCase(s: string): string {
  return s.replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_, pre: string, c: string) => pre + c.toUpperCase());
}

/** Abbreviates with "..." to at most `maxWidth` characters, optionally starting near `offset`. */
export function abbrev(s: string, maxWidth: number, offset = 0): string {
  if (maxWidth < 4) throw new Error('abbrev: minimum width is 4');
  if (s.length <= maxWidth) return s;
  if (offset <= 4) return `${s.slice(0, maxWidth - 3)}...`;
  if (maxWidth < 7) throw new Error('abbrev: minimum width with offset is 7');
  let start = Math.min(offset, s.length);
  if (s.length - start < maxWidth - 3) start = s.length - (maxWidth - 3);
  if (start + maxWidth - 3 < s.length) return `...${abbrev(s.slice(start), maxWidth - 3)}`;
  return `...${s.slice(s.length - (maxWidth - 3))}`;
}

/** Prefixes every line with `prefix` repeated `width` times (gomplate's indent). */
export function indent(s: string, width = 1, prefix = ' '): string {
  const pad = prefix.repeat(width);
  return s
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

/** Repeats with a size guard so an expression cannot allocate without bound. */
export function repeatGuarded(s: string, count: number, maxLength = 1_000_000): string {
  if (count < 0) throw new Error(`negative count ${count}`);
  if (s.length * count > maxLength) throw new Error(`repeat result longer than ${maxLength} characters`);
  return s.repeat(count);
}

/** Go's strings.SplitN: n < 0 means all parts, n == 0 none, otherwise at most n parts. */
export function splitN(s: string, sep: string, n = -1): string[] {
  if (n === 0) return [];
  const all = sep === '' ? [...s] : s.split(sep);
  if (n < 0 || all.length <= n) return all;
  return [...all.slice(0, n - 1), all.slice(n - 1).join(sep)];
}

/** Go's strings.Replace: replaces the first `n` occurrences (all when n < 0). */
export function replaceN(s: string, from: string, to: string, n = -1): string {
  if (n < 0) return s.split(from).join(to);
  let out = s;
  let pos = 0;
  for (let i = 0; i < n; i++) {
    const at = out.indexOf(from, pos);
    if (at < 0) break;
    out = out.slice(0, at) + to + out.slice(at + from.length);
    pos = at + to.length + (from === '' ? 1 : 0);
  }
  return out;
}

/** Go's url.QueryEscape: spaces become '+', everything but unreserved bytes is %-encoded. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.QueryUnescape. */
export function queryUnescape(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new Error(`invalid URL escape in ${JSON.stringify(s)}`);
  }
}
