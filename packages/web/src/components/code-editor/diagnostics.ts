import { isMap, isNode, isSeq, parseAllDocuments, type Document } from 'yaml';
import type { ZodType } from 'zod';
import { formatSchemaPath, schemaProblems, type SchemaPath } from './schema-problems';

export type EditorLanguage = 'yaml' | 'json';

/** A problem in the editor's text, with its place as character offsets and a 1-based line. */
export interface EditorDiagnostic {
  from: number;
  to: number;
  line: number;
  severity: 'error' | 'warning';
  message: string;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function diagnostic(text: string, from: number, to: number, message: string, severity: 'error' | 'warning' = 'error'): EditorDiagnostic {
  const start = Math.max(0, Math.min(from, text.length));
  const end = Math.max(start, Math.min(to, text.length));
  return { from: start, to: end, line: lineOf(text, start), severity, message };
}

/** The end of the line that holds `offset`, so a whole-line mark never spans the rest of the file. */
function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

type Range = [number, number];

/** Where a schema problem at `path` shows: a key for object-level problems, the value for others. */
function rangeForPath(doc: Document, path: SchemaPath, atKey: boolean, text: string): Range {
  const root = doc.contents;
  const rootStart = isNode(root) && root.range ? root.range[0] : 0;
  if (path.length === 0) return [rootStart, lineEnd(text, rootStart)];
  const parent = path.length === 1 ? root : doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  const node = doc.getIn(path, true);
  let keyRange: Range | undefined;
  if (isMap(parent)) {
    const pair = parent.items.find((p) => (isNode(p.key) ? (p.key as { value?: unknown }).value : p.key) === last);
    if (pair && isNode(pair.key) && pair.key.range) keyRange = [pair.key.range[0], pair.key.range[1]];
  }
  const isCollection = isMap(node) || isSeq(node);
  if (keyRange && (atKey || isCollection)) return keyRange;
  if (isNode(node) && node.range) {
    const [start, valueEnd] = node.range;
    return isCollection ? [start, lineEnd(text, start)] : [start, Math.max(valueEnd, start + 1)];
  }
  // A missing field shows on the nearest key that is there (its parent's).
  return keyRange ?? rangeForPath(doc, path.slice(0, -1), true, text);
}

function jsonSyntaxError(text: string, error: Error): EditorDiagnostic {
  const position = /position (\d+)/.exec(error.message);
  const at = position ? Number(position[1]) : text.length;
  const message = error.message.replace(/^JSON\.parse: /, '').replace(/ \(line \d+ column \d+\)$/, '');
  return diagnostic(text, at, at + 1, message);
}

/**
 * Finds syntax errors (and YAML warnings) in YAML or JSON text and, given the spec's zod schema, the
 * problems of every document against it, each placed on the key or value it concerns.
 */
export function computeDiagnostics(text: string, language: EditorLanguage, schema?: ZodType): EditorDiagnostic[] {
  if (text.trim() === '') return [];
  if (language === 'json') {
    try {
      JSON.parse(text);
    } catch (e) {
      return [jsonSyntaxError(text, e as Error)];
    }
  }
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: language === 'yaml' });
  if (!Array.isArray(docs)) return [];
  const out: EditorDiagnostic[] = [];
  for (const doc of docs) {
    for (const e of doc.errors) out.push(diagnostic(text, e.pos[0], Math.max(e.pos[1], e.pos[0] + 1), e.message));
    for (const w of doc.warnings) out.push(diagnostic(text, w.pos[0], Math.max(w.pos[1], w.pos[0] + 1), w.message, 'warning'));
    if (!schema || doc.errors.length > 0 || doc.contents === null) continue;
    for (const problem of schemaProblems(schema, doc.toJS())) {
      const [from, to] = rangeForPath(doc, problem.path, problem.atKey, text);
      const where = problem.path.length > 0 ? `${formatSchemaPath(problem.path)}: ` : '';
      out.push(diagnostic(text, from, to, `${where}${problem.message}`));
    }
  }
  return out.sort((a, b) => a.from - b.from);
}
