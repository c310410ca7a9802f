// Java-style .properties text (also used for postgresql.conf-like files) into a flat map, the
// way config-db reads `format: properties`: inline comments after a tab or an unquoted '#' are cut.

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** Join continuation lines (ending in an odd number of backslashes) into logical lines. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = pending ? raw.replace(/^[ \t\f]+/, '') : raw;
    const trailing = /\\+$/.exec(line)?.[0].length ?? 0;
    if (trailing % 2 === 1) {
      pending += line.slice(0, -1);
      continue;
    }
    out.push(pending + line);
    pending = '';
  }
  if (pending) out.push(pending);
  return out;
}

function unescape(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) =>
    c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : (ESCAPES[c] ?? c),
  );
}

/** Drop what follows a tab, then an unquoted '#' (single quotes delimit strings in these files). */
function stripInlineComment(value: string): string {
  let v = value;
  const tab = v.indexOf('\t');
  if (tab >= 0) v = v.slice(0, tab);
  let open = false;
  for (let i = 0; i < v.length; i++) {
    if (v[i] === "'") open = !open;
    else if (v[i] === '#' && !open) return v.slice(0, i).trim();
  }
  return v;
}

/** Parse properties text; a repeated key keeps its last value. */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of logicalLines(text)) {
    const trimmed = line.replace(/^[ \t\f]+/, '');
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('!')) continue;
    let i = 0;
    let key = '';
    while (i < trimmed.length && !/[=: \t\f]/.test(trimmed[i]!)) {
      if (trimmed[i] === '\\' && i + 1 < trimmed.length) key += trimmed[i++];
      key += trimmed[i++];
    }
    while (i < trimmed.length && /[ \t\f]/.test(trimmed[i]!)) i++;
    if (trimmed[i] === '=' || trimmed[i] === ':') i++;
    while (i < trimmed.length && /[ \t\f]/.test(trimmed[i]!)) i++;
    Object.defineProperty(out, unescape(key), {
      value: stripInlineComment(unescape(trimmed.slice(i))),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
