import { rateAnalysis } from '../analysis/analysis-rules.js';
import { isPlainObject } from '../changes/canonical-json.js';
import { applyChangeRules } from '../changes/change-rules.js';
import { jsonPathAll } from '../expr.js';
import { extractFullDocument } from '../full-mode/extract-document.js';
import { kubernetesHealth } from '../health/kubernetes-health.js';
import type { BaseScraper } from '../spec/common.schema.js';
import type { ChangeResult, ItemCost } from '../types.js';
import { extractAttributes, type Attributes, type Preset } from './attributes.js';
import { configProperties } from './config-properties.js';
import { applyExcludes, applyMasks } from './field-transforms.js';
import { itemEnv } from './item-env.js';
import type { ExtractionOutput } from './output.js';
import { parseContent } from './parse-content.js';
import { relationshipsFor } from './relationships.js';
import { hasScript, runTransformScript } from './transform-script.js';

// The common extraction every scraper type shares: raw documents in, config items (plus changes,
// analysis, relationships) out. Each document fails alone: its error is recorded and the rest go on.

/** One document a scraper fetched, before extraction. */
export interface ItemDraft {
  /** Text (parsed by `format`) or already-parsed data. */
  config: unknown;
  /** Where it came from: a file path, URL, query or API path. */
  source?: string;
  /** Format when the scraper knows it better than the spec (e.g. a .yaml file). */
  format?: string;
  /** Attributes the scraper already knows (Kubernetes sets id, name, type, labels…). */
  preset?: Preset;
  /** Changes the source reported for this item (e.g. Kubernetes events). */
  changes?: ChangeResult[];
}

export interface ExtractOptions {
  /** Label of the scraper entry, e.g. "file[0]", used in errors and on items. */
  scraper: string;
  /** `spec.full`: documents may carry changes, analysis and access records. */
  full: boolean;
  scraperId?: string;
}

const ENTITY_KEYS = [
  'changes',
  'analysis',
  'access_logs',
  'logs',
  'config_access',
  'access',
  'external_users',
  'users',
  'external_groups',
  'groups',
  'external_roles',
  'roles',
  'external_user_groups',
  'user_groups',
];

/** A full-mode document without a `config` body that only carries changes or access records. */
function isMetadataOnly(doc: unknown): boolean {
  return isPlainObject(doc) && !('config' in doc) && ENTITY_KEYS.some((k) => Array.isArray(doc[k]) && doc[k].length > 0);
}

/** Extract every draft of one scraper entry into `out`. */
export function extractDrafts(spec: BaseScraper, drafts: readonly ItemDraft[], opts: ExtractOptions, out: ExtractionOutput): void {
  for (const draft of drafts) {
    const fail = (err: unknown, item?: string) =>
      out.errors.push({ scraper: opts.scraper, item: item || draft.source, message: (err as Error).message ?? String(err) });
    try {
      const format = spec.format ?? draft.format ?? '';
      const value = typeof draft.config === 'string' ? parseContent(draft.config, format) : draft.config;
      const docs = spec.items ? jsonPathAll(spec.items, value) : [value];
      for (const doc of docs) {
        const base = { ...draft.preset, config: doc, source: draft.source };
        const outputs = hasScript(spec.transform) ? runTransformScript(spec.transform, itemEnv(base)) : [doc];
        for (const o of outputs) {
          try {
            extractDocument(spec, o, draft, format, opts, out);
          } catch (err) {
            fail(err);
          }
        }
      }
    } catch (err) {
      fail(err);
    }
  }
}

function extractDocument(
  spec: BaseScraper,
  doc: unknown,
  draft: ItemDraft,
  format: string,
  opts: ExtractOptions,
  out: ExtractionOutput,
): void {
  const metadataOnly = opts.full && isMetadataOnly(doc);
  const attrs = extractAttributes(spec, doc, { source: draft.source, ...draft.preset }, metadataOnly);
  const changes: ChangeResult[] = [...(draft.changes ?? [])];
  let body = doc;
  let cost: ItemCost | undefined;
  if (opts.full && isPlainObject(doc)) {
    const ext = extractFullDocument(doc, { external_id: attrs.id || undefined, config_type: attrs.type || undefined });
    changes.push(...ext.changes);
    out.analysis.push(...ext.analysis.map((a) => rateAnalysis(a)));
    out.warnings.merge(ext.warnings, opts.scraper);
    out.addEntities(ext);
    if (ext.hasConfig) body = ext.config;
    cost = ext.cost;
  }
  if (metadataOnly) {
    collectChanges(spec, changes, itemEnv({ ...attrs, config: null }), opts, out);
    return;
  }
  emitItem(spec, attrs, body, format, changes, opts, out, cost);
}

function emitItem(
  spec: BaseScraper,
  attrs: Attributes,
  raw: unknown,
  format: string,
  changes: ChangeResult[],
  opts: ExtractOptions,
  out: ExtractionOutput,
  cost?: ItemCost,
): void {
  let body = applyExcludes(spec.transform, attrs.type, raw);
  const fmt = format || 'json';
  let env = itemEnv({ ...attrs, config: body, format: fmt });
  // A broken property or relationship rule is reported, but the item is still scraped.
  const report = (err: unknown) => out.errors.push({ scraper: opts.scraper, item: attrs.id, message: (err as Error).message });
  const properties = guard(() => configProperties(spec, env), [], report);
  let health = attrs.health;
  let status = attrs.status;
  let ready = attrs.ready;
  if (!health && attrs.type.startsWith('Kubernetes::') && isPlainObject(body)) {
    const h = kubernetesHealth(body);
    if (h) {
      health = h.health;
      status ??= h.status;
      ready ??= h.ready;
    }
  }
  env = itemEnv({ ...attrs, health, status, config: body, format: fmt });
  const ref = { external_id: attrs.id, type: attrs.type };
  out.relationships.push(
    ...guard(() => relationshipsFor(spec.transform?.relationship, ref, attrs.labels, env, opts.scraperId), [], report),
  );
  body = applyMasks(spec.transform, env, body);
  const { namespace: _namespace, aliases, ...fields } = attrs;
  out.configs.push({
    ...fields,
    health,
    status,
    ready,
    external_id: [...new Set([attrs.id, ...(aliases ?? [])])],
    config: body,
    format: fmt,
    properties,
    scraper: opts.scraper,
    ...(cost ? { cost } : {}),
  });
  collectChanges(spec, changes, { ...env, config: body }, opts, out);
}

function guard<T>(fn: () => T, fallback: T, report: (err: unknown) => void): T {
  try {
    return fn();
  } catch (err) {
    report(err);
    return fallback;
  }
}

/** Apply change rules to an item's changes (or standalone ones) and add them to the output. */
export function collectChanges(
  spec: BaseScraper,
  changes: ChangeResult[],
  env: Record<string, unknown>,
  opts: ExtractOptions,
  out: ExtractionOutput,
): void {
  if (changes.length === 0) return;
  const outcome = applyChangeRules(changes, env, spec.transform?.changes);
  out.changes.push(...outcome.changes);
  out.excludedChanges += outcome.excluded;
  for (const e of outcome.errors) out.warnings.add(e, undefined, opts.scraper);
}
