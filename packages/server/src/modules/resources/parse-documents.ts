import { isMap, isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';
import { badRequest } from '../../http/errors.js';
import { jsonTooDeepAt, tooDeepMessage, valueProblem } from '../../http/json-depth.js';

/** One document of an apply request: its 1-based position, the line it starts on (YAML), its value. */
export interface RawDocument {
  index: number;
  line?: number;
  value: unknown;
}

export type BodyFormat = 'json' | 'yaml';

/**
 * Split a request body into documents: YAML (multi-document, `---`) or JSON (one object, an array,
 * or `{items: [...]}`); a `kind: List` or `{items}` wrapper and top-level arrays are flattened.
 * Syntax errors are 400 with the line and column.
 */
export function parseDocuments(text: string, format: BodyFormat): RawDocument[] {
  refuseUnsafe(text, format);
  const found = text.trim() === '' ? [] : format === 'json' ? parseJson(text) : parseYaml(text);
  if (found.length === 0) throw badRequest('the request body holds no documents');
  found.forEach((d, i) => refuseValue(d.value, format, i + 1));
  return found.map((d, i) => ({ ...d, index: i + 1 }));
}

type Found = Omit<RawDocument, 'index'>;

// Aliases a document may expand; each expansion counts the nodes it copies.
const MAX_ALIASES = 1000;

// A NUL character cannot be stored (PostgreSQL text and jsonb refuse U+0000), and deep nesting
// overflows recursive code later: both are 400s naming the place, never 500s.
function refuseUnsafe(text: string, format: BodyFormat): void {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw badRequest(`invalid ${format.toUpperCase()} at ${position(text, nul)}: a NUL character (U+0000) is not allowed`);
  const deep = format === 'json' ? jsonTooDeepAt(text) : -1;
  if (deep >= 0) throw badRequest(`invalid JSON at ${position(text, deep)}: ${tooDeepMessage('the body')}`);
}

// The same for escapes the parser turned into values ("\0", "\u0000") and for YAML nesting.
function refuseValue(value: unknown, format: BodyFormat, index: number): void {
  const problem = valueProblem(value);
  if (problem === 'NUL')
    throw badRequest(`invalid ${format.toUpperCase()}: document ${index} holds a NUL character (U+0000), which cannot be stored`);
  if (problem) throw badRequest(`invalid ${format.toUpperCase()}: document ${index} ${tooDeepMessage('').trim()}`);
}

const position = (text: string, offset: number) => {
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')}`;
};

function parseYaml(text: string): Found[] {
  const lines = new LineCounter();
  const out: Found[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter: lines })) {
    const err = doc.errors[0];
    if (err) throw syntaxError('YAML', err.message, err.linePos?.[0]);
    if (doc.contents === null) continue;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (e) {
      // The yaml package refuses alias expansion beyond maxAliasCount (a "billion laughs" document).
      if (e instanceof ReferenceError) throw badRequest(`invalid YAML: aliases expand to more than ${MAX_ALIASES} nodes (an alias bomb?)`);
      throw e;
    }
    if (value === null || value === undefined) continue;
    const lineOf = (node: unknown): number | undefined => {
      const start = (node as Node | undefined)?.range?.[0];
      return start === undefined ? undefined : lines.linePos(start).line;
    };
    const wrapped = isWrapper(value) ? doc.get('items', true) : doc.contents;
    if (Array.isArray(value) || isWrapper(value)) {
      const items = isSeq(wrapped) ? wrapped.items : [];
      const values = Array.isArray(value) ? value : (value as { items: unknown[] }).items;
      values.forEach((v, i) => out.push({ line: lineOf(items[i]), value: v }));
    } else {
      out.push({ line: lineOf(isMap(doc.contents) ? doc.contents : undefined), value });
    }
  }
  return out;
}

function parseJson(text: string): Found[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw syntaxError('JSON', (e as Error).message, jsonErrorPosition(text, (e as Error).message));
  }
  if (Array.isArray(value)) return value.map((v: unknown) => ({ value: v }));
  if (isWrapper(value)) return value.items.map((v) => ({ value: v }));
  return [{ value }];
}

// JSON.parse gives an offset for some errors only; otherwise ask the YAML parser (a JSON superset).
function jsonErrorPosition(text: string, message: string): { line: number; col: number } | undefined {
  const offset = /at position (\d+)/.exec(message)?.[1];
  if (offset !== undefined) {
    const before = text.slice(0, Number(offset));
    return { line: before.split('\n').length, col: before.length - before.lastIndexOf('\n') };
  }
  return parseAllDocuments(text).flatMap((d) => ('errors' in d ? d.errors : []))[0]?.linePos?.[0];
}

// `{items: [...]}` without a kind, or a Kubernetes `kind: List` / `kind: FooList`.
function isWrapper(value: unknown): value is { items: unknown[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as { items?: unknown; kind?: unknown };
  return Array.isArray(v.items) && (v.kind === undefined || (typeof v.kind === 'string' && v.kind.endsWith('List')));
}

function syntaxError(format: string, message: string, pos: { line: number; col: number } | undefined) {
  const first = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const where = pos ? ` at line ${pos.line}, column ${pos.col}` : '';
  return badRequest(`invalid ${format}${where}: ${first}`, pos ? { line: pos.line, column: pos.col } : undefined);
}
