// From engine output to config_changes rows: body diffs become 'diff' changes (then the scraper's change
// mappings may retype, re-rate, ignore or act on them, as for changes the source reported), new items a
// 'CREATE' change and items gone from a complete scrape a 'DELETE' change.
import { CHANGE_TYPE_CREATE, CHANGE_TYPE_DELETE, CHANGE_TYPE_DIFF } from '@ops/shared';
import { applyChangeRules, diffConfigs, itemEnv, type ChangeResult, type ScrapedConfig } from '../engine/index.js';
import type { ChangeRow } from './changes.repository.js';
import { canonicalHash } from './item-hash.js';

type ChangeSpec = Parameters<typeof applyChangeRules>[2];

/** `transform.changes` of a scraper entry, found from the item's `scraper` label ("file[0]"). */
export function changeSpecOf(spec: Record<string, unknown>, label: string): ChangeSpec {
  const m = /^(\w+)\[(\d+)\]$/.exec(label);
  if (!m) return undefined;
  const entries = spec[m[1]!];
  const entry = Array.isArray(entries) ? (entries[Number(m[2])] as { transform?: { changes?: unknown } } | undefined) : undefined;
  return entry?.transform?.changes as ChangeSpec;
}

/** A diff change of one item after the scraper's change rules; undefined when bodies are equal or a rule drops it. */
export function diffChange(item: ScrapedConfig, oldBody: unknown, spec: Record<string, unknown>): ChangeResult | undefined {
  const diff = diffConfigs(oldBody, item.config);
  if (!diff) return undefined;
  const change: ChangeResult = {
    external_id: item.id,
    config_type: item.type,
    external_change_id: '',
    change_type: CHANGE_TYPE_DIFF,
    severity: 'info',
    summary: diff.summary,
    source: item.source ?? '',
    patches: diff.patches,
    merge_patch: diff.merge_patch,
    diff: diff.diff,
    fingerprint: diff.fingerprint,
  };
  const outcome = applyChangeRules([change], itemEnv(item), changeSpecOf(spec, item.scraper));
  return outcome.changes[0];
}

/** A stable fingerprint of a reported change without an external id (its type, summary, source and severity). */
function reportedFingerprint(c: ChangeResult): string {
  return canonicalHash({ t: c.change_type, s: c.summary ?? '', src: c.source ?? '', sev: c.severity ?? '' });
}

/** The row of a change (diff or reported) for item `configId`. */
export function changeRow(c: ChangeResult, configId: string, now: Date): ChangeRow {
  const external = c.external_change_id ? String(c.external_change_id) : null;
  const fingerprint = typeof c.fingerprint === 'string' ? c.fingerprint : external ? null : reportedFingerprint(c);
  return {
    config_id: configId,
    external_change_id: external,
    change_type: c.change_type || CHANGE_TYPE_DIFF,
    severity: c.severity || 'info',
    source: c.source || null,
    summary: c.summary ?? null,
    details: c.details && Object.keys(c.details).length ? c.details : null,
    patches: c.patches ?? null,
    diff: c.diff ?? null,
    fingerprint,
    created_by: null,
    // config-db reports the source's author as external_created_by (created_by in older specs and mappings).
    external_created_by: textOrNull(c.external_created_by) ?? textOrNull(c.created_by),
    created_at: validTime(c.created_at) ?? now.toISOString(),
  };
}

/** The CREATE change of a new item. */
export function createChange(item: ScrapedConfig, configId: string, now: Date): ChangeRow {
  return {
    ...changeRow(
      {
        external_id: item.id,
        config_type: item.type,
        external_change_id: '',
        change_type: CHANGE_TYPE_CREATE,
        summary: `${item.type} ${item.name} created`,
        source: item.source ?? '',
      },
      configId,
      now,
    ),
    fingerprint: null,
    created_at:
      validTime(item.created_at) && new Date(item.created_at!) < now ? new Date(item.created_at!).toISOString() : now.toISOString(),
  };
}

/** The DELETE change of an item a complete scrape no longer saw. */
export function deleteChange(configId: string, reason: string, now: Date): ChangeRow {
  return {
    ...changeRow(
      { external_id: '', config_type: '', external_change_id: '', change_type: CHANGE_TYPE_DELETE, summary: reason },
      configId,
      now,
    ),
    fingerprint: null,
  };
}

function validTime(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
}

function textOrNull(v: unknown): string | null {
  return v === undefined || v === null || v === '' ? null : String(v);
}
