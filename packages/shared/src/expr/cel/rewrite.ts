// Source rewrites that keep every character position, applied before cel-js parses:
//  - a leading-dot identifier (cel-go's root-scope `.check`) loses its dot: matchQuery(.check, …);
//  - a namespaced function call `time.Now(` becomes `time_Now(` for registered namespaces, as
//    cel-go resolves qualified function names before field selection;
//  - `duration(` becomes `Duration(` so Flanksource's day and week units work in both spellings,
//    and `has(` becomes `Has(`, our has() macro with cel-go's rules (see lib/macros.ts);
//  - `matches(` becomes `Matches(`, our RE2 (linear-time) matches, as cel-js's built-in runs
//    JavaScript's backtracking RegExp and cannot be replaced (see lib/regex.ts);
//  - a bare `type` identifier becomes `typ_` (bound to the variable `type` at evaluation), because
//    cel-js reserves type names while Flanksource specs filter on a `type` variable.

type Tok = { kind: 'ident' | 'num' | 'str' | 'punct'; start: number; end: number; text: string };

/** Length of a string literal (with r/b prefixes and triple quotes) starting at `i`, or 0. */
function stringLength(src: string, i: number): number {
  let j = i;
  while (j < i + 2 && /[rRbB]/.test(src[j] ?? '')) j++;
  const q = src[j];
  if (q !== '"' && q !== "'") return 0;
  const raw = /[rR]/.test(src.slice(i, j));
  const triple = src.startsWith(q.repeat(3), j);
  const close = triple ? q.repeat(3) : q;
  let k = j + close.length;
  while (k < src.length) {
    if (!raw && src[k] === '\\') k += 2;
    else if (src.startsWith(close, k)) return k + close.length - i;
    else if (!triple && src[k] === '\n') return k - i;
    else k++;
  }
  return src.length - i;
}

/** A small CEL tokenizer: enough to tell identifiers, literals and punctuation apart. */
function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (src.startsWith('//', i)) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const strLen = stringLength(src, i);
    if (strLen > 0) {
      toks.push({ kind: 'str', start: i, end: i + strLen, text: src.slice(i, i + strLen) });
      i += strLen;
      continue;
    }
    const m =
      /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 256)) ??
      /^(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[uU]?/.exec(src.slice(i, i + 256));
    if (m) {
      toks.push({ kind: /^[A-Za-z_]/.test(m[0]) ? 'ident' : 'num', start: i, end: i + m[0].length, text: m[0] });
      i += m[0].length;
      continue;
    }
    toks.push({ kind: 'punct', start: i, end: i + 1, text: c });
    i++;
  }
  return toks;
}

const ENDS_OPERAND = new Set([')', ']', '}']);

/** Applies the position-preserving rewrites; `namespaced` holds names like "time.Now". */
export function rewriteCel(src: string, namespaced: ReadonlySet<string>): string {
  const toks = tokenize(src);
  const out = src.split('');
  toks.forEach((t, i) => {
    const prev = toks[i - 1];
    const next = toks[i + 1];
    const prevIsOperand = endsOperand(prev);
    if (t.text === '.' && t.kind === 'punct' && next?.kind === 'ident' && next.start === t.end && !prevIsOperand) {
      out[t.start] = ' ';
      return;
    }
    const memberAccess = prev?.kind === 'punct' && prev.text === '.' && prevIsOperandAt(toks, i - 1);
    if (t.kind === 'ident' && t.text === 'matches' && next?.text === '(') out[t.start] = 'M';
    if (t.kind === 'ident' && !memberAccess) {
      const dot = toks[i + 1];
      const fn = toks[i + 2];
      const paren = toks[i + 3];
      if (
        dot?.text === '.' &&
        dot.start === t.end &&
        fn?.kind === 'ident' &&
        fn.start === dot.end &&
        paren?.text === '(' &&
        namespaced.has(`${t.text}.${fn.text}`)
      ) {
        out[dot.start] = '_';
      }
      if ((t.text === 'duration' || t.text === 'has') && next?.text === '(') out[t.start] = t.text === 'has' ? 'H' : 'D';
      if (t.text === 'type' && next?.text !== '(') out.splice(t.start, 4, 't', 'y', 'p', '_');
    }
  });
  return out.join('');
}

/** True when the token before index `dotIndex` ends an operand (so the dot is a selection). */
function prevIsOperandAt(toks: Tok[], dotIndex: number): boolean {
  return endsOperand(toks[dotIndex - 1]);
}

/** True when a token can end an operand (so a following '.' selects a field); `in` cannot. */
function endsOperand(t: Tok | undefined): boolean {
  if (t === undefined) return false;
  if (t.kind === 'punct') return ENDS_OPERAND.has(t.text);
  return !(t.kind === 'ident' && t.text === 'in');
}

/** Maps rewritten names in messages back to what the user wrote ("time_Now" → "time.Now"). */
export function restoreNames(message: string, namespaced: ReadonlySet<string>): string {
  let out = message.replace(/\btyp_\b/g, 'type').replace(/\bMatches\b/g, 'matches');
  for (const name of namespaced) out = out.replaceAll(name.replace('.', '_'), name);
  return out;
}

/** The variable name a bare `type` identifier is rewritten to. */
export const TYPE_VARIABLE = 'typ_';
