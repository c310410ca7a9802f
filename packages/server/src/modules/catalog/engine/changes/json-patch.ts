import type { JsonPatchOp } from '../types.js';
import { isPlainObject, jsonEqual, ownValue, setOwn, sortKeys } from './canonical-json.js';

// RFC 6902 patches between two JSON values. Objects are diffed key by key (sorted, so the output
// is deterministic); arrays element by element, with trailing additions and removals.

/** Escape one JSON Pointer segment (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function pointerSegment(key: string | number): string {
  const s = String(key);
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

/** The operations that turn `before` into `after`; empty when they are equal. */
export function createJsonPatch(before: unknown, after: unknown): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [];
  diffValue(before, after, '', ops);
  return ops;
}

// Containers are walked without comparing them whole first: an equal subtree yields no operations anyway,
// and comparing at every level would walk each subtree once per ancestor.
function diffValue(a: unknown, b: unknown, path: string, ops: JsonPatchOp[]): void {
  if (a === b) return;
  if (isPlainObject(a) && isPlainObject(b)) return diffObject(a, b, path, ops);
  if (Array.isArray(a) && Array.isArray(b)) return diffArray(a, b, path, ops);
  if (jsonEqual(a, b)) return;
  ops.push({ op: 'replace', path, value: sortKeys(b) });
}

function diffObject(a: Record<string, unknown>, b: Record<string, unknown>, path: string, ops: JsonPatchOp[]): void {
  for (const key of unionKeys(a, b)) {
    const va = ownValue(a, key);
    const vb = ownValue(b, key);
    // Most members are the same value: their pointer is never built.
    if (va === vb) continue;
    const p = `${path}/${pointerSegment(key)}`;
    if (va !== undefined && vb === undefined) ops.push({ op: 'remove', path: p });
    else if (va === undefined) ops.push({ op: 'add', path: p, value: sortKeys(vb) });
    else diffValue(va, vb, p, ops);
  }
}

/** The keys of both objects, sorted; objects of one shape (the usual case) need no merging. */
function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const same = ka.length === kb.length && ka.every((k, i) => k === kb[i]);
  return (same ? ka : [...new Set([...ka, ...kb])]).sort();
}

function diffArray(a: unknown[], b: unknown[], path: string, ops: JsonPatchOp[]): void {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) if (a[i] !== b[i]) diffValue(a[i], b[i], `${path}/${i}`, ops);
  // Remove from the end backwards so earlier indexes stay valid while the patch is applied.
  for (let i = a.length - 1; i >= common; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
  for (let i = common; i < b.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: sortKeys(b[i]) });
}

function parsePointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`invalid JSON pointer "${path}"`);
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Apply add/remove/replace operations to a copy of `doc` (enough to replay our own patches). */
export function applyJsonPatch(doc: unknown, ops: readonly JsonPatchOp[]): unknown {
  let root = structuredClone(doc);
  for (const op of ops) {
    const segs = parsePointer(op.path);
    if (segs.length === 0) {
      root = op.op === 'remove' ? null : structuredClone(op.value);
      continue;
    }
    let parent = root as Record<string, unknown> | unknown[];
    for (const seg of segs.slice(0, -1)) parent = Object.getOwnPropertyDescriptor(parent, seg)?.value as Record<string, unknown>;
    const last = segs[segs.length - 1]!;
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op.op === 'add') parent.splice(index, 0, structuredClone(op.value));
      else if (op.op === 'remove') parent.splice(index, 1);
      else parent[index] = structuredClone(op.value);
    } else if (op.op === 'remove') delete parent[last];
    else setOwn(parent, last, structuredClone(op.value));
  }
  return root;
}
