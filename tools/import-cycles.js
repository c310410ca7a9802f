// Import cycles over relative imports, for the `ops/no-import-cycles` lint rule. Type-only imports count
// too: a cycle through them still ties the two files into one unit that cannot be read or moved alone.
// The graph is read from disk as files are linted and its strongly connected components (Tarjan) are kept
// for the whole lint run: each file is read once, each component found once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|[;\n])\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

/** Strip comments so imports shown in comments or docs are not counted. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The file a relative specifier names: TypeScript's `.js` → `.ts` mapping, bare paths and folder index files. */
export function resolveRelative(from, source) {
  const base = path.resolve(path.dirname(from), source);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [...EXTENSIONS.map((e) => stem + e), base, ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The files a source file imports through relative specifiers (static, side-effect and dynamic imports). */
export function relativeImports(file, text) {
  const out = new Set();
  for (const m of stripComments(text).matchAll(IMPORT)) {
    const source = m[1] ?? m[2] ?? m[3];
    const target = resolveRelative(file, source);
    if (target) out.add(target);
  }
  return [...out];
}

const edges = new Map();
const component = new Map();

function importsOf(file) {
  let list = edges.get(file);
  if (!list) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // A file deleted while linting has no imports.
    }
    list = relativeImports(file, text);
    edges.set(file, list);
  }
  return list;
}

// Tarjan's algorithm from `root`, skipping files whose component is already known.
function discover(root) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of importsOf(v)) {
      if (component.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const members = new Set();
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.add(w);
      } while (w !== v);
      for (const m of members) component.set(m, members);
    }
  };
  if (!component.has(root)) visit(root);
}

/** Record the linted file's current source (it may differ from the disk) and find its component. */
export function noteSource(file, text) {
  edges.set(file, relativeImports(file, text));
  discover(file);
}

/**
 * When importing `target` from `file` closes a cycle, the files of that cycle from `target` back to
 * `file` (shortest path); otherwise undefined. Call `noteSource(file, …)` first.
 */
export function cycleThrough(file, target) {
  const members = component.get(file);
  if (!members || !members.has(target)) return undefined;
  const previous = new Map([[target, null]]);
  const queue = [target];
  while (queue.length) {
    const v = queue.shift();
    if (v === file) break;
    for (const w of importsOf(v)) {
      if (members.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const chain = [];
  for (let v = file; v; v = previous.get(v)) chain.unshift(v);
  return chain;
}
