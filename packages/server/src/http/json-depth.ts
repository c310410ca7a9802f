// Bodies nested deeper than this are refused with 400 before anything recurses over them: JSON.parse
// copes with 20,000 levels, but serialising, validating or storing such a value overflows the stack.

/** How deep arrays and objects may nest in a request body. */
export const MAX_BODY_DEPTH = 512;

/** The message of a body nested too deeply (the same for JSON and YAML). */
export const tooDeepMessage = (what: string) => `${what} is nested more than ${MAX_BODY_DEPTH} levels deep`;

/** Where JSON text first nests deeper than `max` (offset of the bracket), or -1; strings are skipped. Linear, no recursion. */
export function jsonTooDeepAt(text: string, max = MAX_BODY_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

/**
 * What makes a parsed value unsafe to store: nesting deeper than `max`, or a NUL character in a string
 * or key (PostgreSQL text and jsonb cannot hold U+0000). Iterative, so a deep value cannot overflow it.
 */
export function valueProblem(value: unknown, max = MAX_BODY_DEPTH): 'too deep' | 'NUL' | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'NUL';
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) return 'too deep';
    if (seen.has(v)) continue; // YAML aliases share nodes: visit each once
    seen.add(v);
    for (const [k, x] of Object.entries(v)) stack.push([k, d], [x, d + 1]);
  }
  return undefined;
}
