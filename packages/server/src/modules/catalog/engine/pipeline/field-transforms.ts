import { createHash } from 'node:crypto';
import { canonicalJson, setOwn } from '../changes/canonical-json.js';
import { celBool, DELETE, jsonPathUpdate } from '../expr.js';
import type { Transform } from '../spec/common.schema.js';
import { matchItems } from './match-items.js';

// `transform.exclude` removes fields (for the listed config types); `transform.mask` replaces
// sensitive ones with an md5 sum or a literal, on items its CEL selector picks.

/** md5 of a string, or of the indented, key-sorted JSON of any other value (config-db's md5sum). */
export function md5Sum(value: unknown): string {
  const text = typeof value === 'string' ? value : canonicalJson(value, 2);
  return createHash('md5').update(text).digest('hex');
}

const SIMPLE_PATH = /^\$?\.?([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)$/;

/**
 * Update one plain dotted path ("$.metadata.name") copying only the objects along it, or return
 * undefined when the path needs the full JSONPath engine (wildcards, filters, indexes).
 */
function updateSimplePath(data: unknown, path: string, update: (value: unknown) => unknown): unknown {
  const m = SIMPLE_PATH.exec(path.trim());
  if (!m) return undefined;
  const keys = m[1]!.split('.');
  const walk = (node: unknown, i: number): unknown => {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, keys[i]!))
      return node;
    const copy = { ...(node as Record<string, unknown>) };
    const key = keys[i]!;
    const current = Object.getOwnPropertyDescriptor(copy, key)?.value as unknown;
    if (i < keys.length - 1) setOwn(copy, key, walk(current, i + 1));
    else {
      const next = update(current);
      if (next === DELETE) delete copy[key];
      else setOwn(copy, key, next);
    }
    return copy;
  };
  return walk(data, 0);
}

function updatePath(data: unknown, path: string, update: (value: unknown) => unknown): unknown {
  return updateSimplePath(data, path, update) ?? jsonPathUpdate(data, path, update);
}

/** Remove every excluded field that applies to this config type. */
export function applyExcludes(t: Transform | undefined, type: string, config: unknown): unknown {
  let out = config;
  for (const ex of t?.exclude ?? []) {
    if (ex.types && ex.types.length > 0 && !matchItems(type, ex.types)) continue;
    out = updatePath(out, ex.jsonpath, () => DELETE);
  }
  return out;
}

/**
 * Apply masks whose selector holds for the item. A selector that fails to evaluate (e.g. reads a
 * missing field) does not match, as in config-db; masks without a selector never apply.
 */
export function applyMasks(t: Transform | undefined, env: Record<string, unknown>, config: unknown): unknown {
  let out = config;
  for (const mask of t?.mask ?? []) {
    if (!mask.selector) continue;
    let selected = false;
    try {
      selected = celBool(mask.selector, { ...env, config: out });
    } catch {
      selected = false;
    }
    if (!selected) continue;
    out = updatePath(out, mask.jsonpath, (v) => (mask.value === 'md5sum' ? md5Sum(v) : mask.value));
  }
  return out;
}
