import { isPlainObject, jsonEqual, ownValue, setOwn, sortKeys } from './canonical-json.js';

// RFC 7386 merge patches: the nested "what changed" object that change-mapping rules read as
// `patch` (e.g. `patch.status.containerStatuses[0].restartCount`).

/** The merge patch turning `before` into `after`: changed keys with new values, removed keys as null. */
export function createMergePatch(before: unknown, after: unknown): unknown {
  if (!isPlainObject(before) || !isPlainObject(after)) return sortKeys(after);
  // Members are collected and put in key order once per level; nested patches and new values are already
  // sorted, so nothing below is copied again.
  const members: Array<[string, unknown]> = [];
  for (const key of Object.keys(before)) {
    if (before[key] !== undefined && ownValue(after, key) === undefined) members.push([key, null]);
  }
  for (const key of Object.keys(after)) {
    const b = ownValue(before, key);
    const a = after[key];
    if (a === undefined || a === b) continue;
    if (isPlainObject(b) && isPlainObject(a)) {
      // Walked once: the nested patch is empty exactly when the two objects are equal.
      const nested = createMergePatch(b, a) as Record<string, unknown>;
      if (Object.keys(nested).length > 0) members.push([key, nested]);
    } else if (!jsonEqual(b, a)) members.push([key, sortKeys(a)]);
  }
  members.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const patch: Record<string, unknown> = {};
  for (const [key, value] of members) setOwn(patch, key, value);
  return patch;
}

/**
 * A short summary of a merge patch: the paths of changed leaves, replaced by their parent path when
 * a parent has several changed leaves ("status.containerStatuses", "spec.replicas, metadata.labels").
 */
export function summarizeMergePatch(patch: unknown): string {
  if (!isPlainObject(patch)) return '';
  const leaves: Array<{ path: string; parent: string }> = [];
  collectLeaves(patch, '', leaves);
  const perParent = new Map<string, number>();
  for (const leaf of leaves) perParent.set(leaf.parent, (perParent.get(leaf.parent) ?? 0) + 1);
  const out = new Set<string>();
  for (const leaf of leaves) {
    // Several changed leaves at the root have no parent path to name, so each is listed.
    const grouped = leaf.parent !== '' && (perParent.get(leaf.parent) ?? 0) > 1;
    out.add(grouped ? leaf.parent : leaf.path);
  }
  return [...out].sort().join(', ');
}

function collectLeaves(node: Record<string, unknown>, parent: string, out: Array<{ path: string; parent: string }>): void {
  for (const [key, value] of Object.entries(node)) {
    const path = parent ? `${parent}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) collectLeaves(value, path, out);
    else out.push({ path, parent });
  }
}
