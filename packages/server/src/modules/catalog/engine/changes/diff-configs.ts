import { createHash } from 'node:crypto';
import type { JsonPatchOp } from '../types.js';
import { canonicalJson, jsonEqual } from './canonical-json.js';
import { createJsonPatch } from './json-patch.js';
import { createMergePatch, summarizeMergePatch } from './merge-patch.js';
import { unifiedDiff } from './unified-diff.js';

/** What changed between two bodies of one config item. */
export interface ConfigDiff {
  /** RFC 6902 operations turning the old body into the new one. */
  patches: JsonPatchOp[];
  /** The same change as an RFC 7386 merge patch (what change rules see as `patch`). */
  merge_patch: unknown;
  /** Unified diff of the bodies printed as key-sorted, indented JSON. */
  diff: string;
  /** Changed paths, e.g. "spec.replicas" or "status.containerStatuses". */
  summary: string;
  /** Stable hash of the change, used as its external_change_id so a repeat is counted, not duplicated. */
  fingerprint: string;
}

/**
 * Compare a stored body with a freshly scraped one. Pure: returns null when they are equal (key order
 * ignored), else the patches, the unified diff and a summary.
 */
export function diffConfigs(oldBody: unknown, newBody: unknown): ConfigDiff | null {
  if (jsonEqual(oldBody, newBody)) return null;
  const mergePatch = createMergePatch(oldBody, newBody);
  const diff = unifiedDiff(canonicalJson(oldBody, 2), canonicalJson(newBody, 2));
  return {
    patches: createJsonPatch(oldBody, newBody),
    merge_patch: mergePatch,
    diff,
    summary: summarizeMergePatch(mergePatch),
    fingerprint: createHash('sha256').update(canonicalJson(mergePatch)).digest('hex'),
  };
}
