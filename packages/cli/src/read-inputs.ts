import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';
import { usageError } from './errors.js';
import type { CliIo } from './io.js';

/** One document read from a file or stdin, with where it came from for error messages. */
export interface InputDocument {
  source: string;
  line?: number;
  value: unknown;
}

const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/**
 * Read every `-f` argument: a file, a directory (its .yaml/.yml/.json files, sorted; with `recursive`
 * also sub-directories) or `-` for stdin. YAML and JSON, several documents per file; lists are flattened.
 */
export async function readInputs(args: readonly string[], recursive: boolean, io: CliIo): Promise<InputDocument[]> {
  if (args.filter((a) => a === '-').length > 1) throw usageError('-f - (stdin) can be given only once');
  const out: InputDocument[] = [];
  for (const arg of args) {
    if (arg === '-') {
      out.push(...parseText(await io.readStdin(), '(stdin)'));
      continue;
    }
    for (const file of await filesOf(path.resolve(io.cwd, arg), arg, recursive)) {
      const text = await readFile(file.full, 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw usageError(`${file.shown}: cannot read (${err.code ?? err.message})`);
      });
      out.push(...parseText(text, file.shown));
    }
  }
  if (out.length === 0) throw usageError(`no documents in ${args.join(', ')}`);
  return out;
}

async function filesOf(full: string, shown: string, recursive: boolean, nested = false): Promise<{ full: string; shown: string }[]> {
  const info = await stat(full).catch(() => undefined);
  if (!info) throw usageError(`${shown}: no such file or directory`);
  if (!info.isDirectory()) return [{ full, shown }];
  const found: { full: string; shown: string }[] = [];
  const entries = (await readdir(full, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const child = { full: path.join(full, e.name), shown: path.join(shown, e.name) };
    if (e.isDirectory()) {
      if (recursive) found.push(...(await filesOf(child.full, child.shown, recursive, true)));
    } else if (EXTENSIONS.has(path.extname(e.name).toLowerCase())) {
      found.push(child);
    }
  }
  if (found.length === 0 && !nested) throw usageError(`${shown}: no .yaml, .yml or .json files in this directory`);
  return found;
}

/** Documents of one YAML or JSON text; a syntax error names the source, line and column. */
export function parseText(text: string, source: string): InputDocument[] {
  const lines = new LineCounter();
  const out: InputDocument[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter: lines })) {
    const err = doc.errors[0];
    if (err) {
      const pos = err.linePos?.[0];
      const where = pos ? `:${pos.line}:${pos.col}` : '';
      throw usageError(
        `${source}${where}: invalid YAML or JSON: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      );
    }
    if (doc.contents === null) continue;
    const value: unknown = doc.toJS({ maxAliasCount: 1000 });
    if (value === null || value === undefined) continue;
    const lineOf = (node: unknown): number | undefined => {
      const start = (node as Node | undefined)?.range?.[0];
      return start === undefined ? undefined : lines.linePos(start).line;
    };
    if (Array.isArray(value) || isWrapper(value)) {
      const seq = Array.isArray(value) ? doc.contents : doc.get('items', true);
      const nodes = isSeq(seq) ? seq.items : [];
      const values = Array.isArray(value) ? value : value.items;
      values.forEach((v: unknown, i) => out.push({ source, line: lineOf(nodes[i]), value: v }));
    } else {
      out.push({ source, line: lineOf(doc.contents), value });
    }
  }
  return out;
}

// `{items: [...]}` without a kind, or a Kubernetes `kind: List` (what `ops get -o yaml` prints for a list).
function isWrapper(value: unknown): value is { items: unknown[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as { items?: unknown; kind?: unknown };
  return Array.isArray(v.items) && (v.kind === undefined || (typeof v.kind === 'string' && v.kind.endsWith('List')));
}
