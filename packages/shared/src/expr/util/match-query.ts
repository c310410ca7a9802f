// Flanksource's resource search queries ("type=Kubernetes::Pod tags.cluster=homelab", "-name*",
// "a=b | c=d") evaluated in memory against one resource, for CEL's matchQuery() and matchLabel().
import { compileRegex, quoteMeta } from './re2.js';
import { isMapLike, mapGet } from './values.js';

type Op = '=' | ':' | '!=' | '<' | '>' | '<=' | '>=';
type Node = { or: Node[][] } | { field: string; op: Op; value: string };

/** Splits the query into tokens: words (with their quoted parts), '(', ')' and '|'. */
function tokenize(query: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === '|') {
      out.push(c);
      i++;
    } else {
      let word = '';
      while (i < query.length && !/[\s()|]/.test(query[i]!)) {
        if (query[i] === '"') {
          const end = query.indexOf('"', i + 1);
          if (end < 0) throw new Error(`unterminated quote in query ${JSON.stringify(query)}`);
          word += query.slice(i, end + 1);
          i = end + 1;
        } else word += query[i++];
      }
      out.push(word);
    }
  }
  return out;
}

/** Parses a query into OR-of-AND groups. */
export function parseMatchQuery(query: string): Node {
  const tokens = tokenize(query);
  let pos = 0;
  const parseOr = (): Node => {
    const groups: Node[][] = [[]];
    while (pos < tokens.length && tokens[pos] !== ')') {
      const t = tokens[pos++]!;
      if (t === '|') groups.push([]);
      else if (t === '(') {
        groups.at(-1)!.push(parseOr());
        if (tokens[pos++] !== ')') throw new Error(`missing ')' in query ${JSON.stringify(query)}`);
      } else groups.at(-1)!.push(parseTerm(t));
    }
    if (groups.some((g) => g.length === 0)) throw new Error(`empty term in query ${JSON.stringify(query)}`);
    return { or: groups };
  };
  const node = parseOr();
  if (pos < tokens.length) throw new Error(`unexpected ')' in query ${JSON.stringify(query)}`);
  return node;
}

/** One term: "field op value", "-word" (name does not start with word) or "word" (name prefix). */
function parseTerm(t: string): Node {
  const m = /^([A-Za-z0-9_*\\,:[\]./-]+?)(<=|>=|!=|=|:|<|>)(.*)$/.exec(t);
  if (m) return { field: m[1]!, op: m[2] as Op, value: m[3]!.replace(/^"(.*)"$/, '$1') };
  if (t.startsWith('-') && t.length > 1) return { field: 'name', op: '!=', value: t.includes('*') ? t.slice(1) : `${t.slice(1)}*` };
  const word = t.replace(/^"(.*)"$/, '$1');
  return { field: 'name', op: '=', value: word.includes('*') ? word : `${word}*` };
}

/** Looks a dotted field up: an exact key first, then nested maps ("labels.app", "config.spec.x"). */
export function resolveField(resource: unknown, field: string): unknown {
  if (!isMapLike(resource)) return undefined;
  const direct = mapGet(resource, field);
  if (direct !== undefined) return direct;
  const dot = field.indexOf('.');
  if (dot < 0) return undefined;
  return resolveField(mapGet(resource, field.slice(0, dot)), field.slice(dot + 1));
}

/** Glob match with '*' anywhere; on RE2, as `a*a*a*…b` backtracks exponentially on JavaScript's RegExp. */
export function globMatch(pattern: string, text: string): boolean {
  if (!pattern.includes('*')) return pattern === text;
  const source = `^${pattern.split('*').map(quoteMeta).join('.*')}$`;
  return compileRegex(source, { dotAll: true }).test(text);
}

/** Value-list match: "a,b*,!c" is true when some include matches and no exclusion does. */
function matchesList(list: string, actual: string | undefined): boolean {
  const items = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const includes = items.filter((i) => !i.startsWith('!'));
  const excludes = items.filter((i) => i.startsWith('!')).map((i) => i.slice(1));
  if (actual === undefined) return includes.length === 0;
  if (excludes.some((e) => globMatch(e, actual))) return false;
  return includes.length === 0 || includes.some((i) => globMatch(i, actual));
}

/** Orders two strings numerically, as times, or lexically — whichever both parse as. */
function order(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Evaluates one parsed node against the resource. */
function evalNode(node: Node, resource: unknown): boolean {
  if ('or' in node) return node.or.some((group) => group.every((n) => evalNode(n, resource)));
  const raw = resolveField(resource, node.field);
  const actual = raw === undefined || raw === null ? undefined : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  switch (node.op) {
    case '=':
    case ':':
      return matchesList(node.value, actual);
    case '!=':
      return !matchesList(node.value, actual);
    default: {
      if (actual === undefined) return false;
      const c = order(actual, node.value);
      return node.op === '<' ? c < 0 : node.op === '>' ? c > 0 : node.op === '<=' ? c <= 0 : c >= 0;
    }
  }
}

/** matchQuery(resource, query): does the resource satisfy the search query? */
export function matchQuery(resource: unknown, query: string): boolean {
  return evalNode(parseMatchQuery(query), resource);
}

/**
 * matchLabel(labels, key, patterns): comma-separated globs, OR-ed; "!x" matches any value but x,
 * "!*" matches only when the label is absent.
 */
export function matchLabel(labels: unknown, key: string, patterns: string): boolean {
  const value = isMapLike(labels) ? mapGet(labels, key) : undefined;
  const actual = value === undefined || value === null ? undefined : String(value);
  return patterns
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .some((p) => {
      if (p === '!*') return actual === undefined;
      if (p.startsWith('!')) return actual === undefined || !globMatch(p.slice(1), actual);
      return actual !== undefined && globMatch(p, actual);
    });
}
