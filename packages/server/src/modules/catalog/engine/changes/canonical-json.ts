// JSON with object keys sorted, so equal bodies print identically and diffs line up by key.

/** True for a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Set an own property, even one named "__proto__" (scraped data may contain any key). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A member's value only when it is the object's own (so "__proto__" is never Object.prototype). */
export function ownValue(target: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
}

/** Deep copy with keys sorted at every level; undefined members are dropped as JSON.stringify does. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = value[key];
    if (v !== undefined) setOwn(out, key, sortKeys(v));
  }
  return out;
}

/**
 * `value` with object keys sorted at every level, for JSON.stringify: parts already in order are shared, not
 * copied (a pod's many small objects usually are). Undefined members stay; JSON.stringify drops them.
 */
export function sortedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const s = sortedKeys(v);
      if (s !== v) (copy ??= value.slice())[i] = s;
    }
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  const proto = Object.getPrototypeOf(obj) as unknown;
  // Other objects (dates, maps) were hashed by their own enumerable keys: keep that by always copying them.
  if (proto !== Object.prototype && proto !== null) return sortedCopy(obj);
  // for...in walks keys in Object.keys order without allocating an array (most objects need no copy).
  let prev: string | undefined;
  for (const key in obj) {
    if (prev !== undefined && prev > key) return sortedCopy(obj);
    prev = key;
  }
  let i = 0;
  for (const key in obj) {
    const v = obj[key];
    // (Inherited enumerable members, which only a polluted Object.prototype has, are not JSON: skip them.)
    if (v !== null && typeof v === 'object' && Object.hasOwn(obj, key)) {
      const s = sortedKeys(v);
      if (s !== v) return copyWith(obj, i, s);
    }
    i++;
  }
  return obj;
}

/** A copy of an object whose keys are in order, with member `i` replaced by its sorted value `s`. */
function copyWith(obj: Record<string, unknown>, i: number, s: unknown): Record<string, unknown> {
  const keys = Object.keys(obj);
  const out: Record<string, unknown> = {};
  for (let j = 0; j < i; j++) setOwn(out, keys[j]!, obj[keys[j]!]);
  setOwn(out, keys[i]!, s);
  for (let j = i + 1; j < keys.length; j++) setOwn(out, keys[j]!, sortedKeys(obj[keys[j]!]));
  return out;
}

function sortedCopy(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj).sort()) setOwn(out, key, sortedKeys(obj[key]));
  return out;
}

/** Canonical text of a JSON value: sorted keys, optional indent (2 for diffs, none for hashing). */
export function canonicalJson(value: unknown, indent?: number): string {
  return JSON.stringify(sortedKeys(value), null, indent) ?? 'null';
}

/** Structural equality of two JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // Walked without allocating (a changed body is compared level by level, once per changed ancestor).
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  let members = 0;
  for (const key in oa) {
    if (!Object.hasOwn(oa, key) || oa[key] === undefined) continue;
    if (!Object.hasOwn(ob, key) || !jsonEqual(oa[key], ob[key])) return false;
    members++;
  }
  for (const key in ob) if (Object.hasOwn(ob, key) && ob[key] !== undefined) members--;
  return members === 0;
}
