import { isJsonPath, jsonPathAll, scalarText } from '../expr.js';
import type { BaseScraper } from '../spec/common.schema.js';
import type { Health, ScrapedConfig } from '../types.js';
import { parseTimestamp } from './timestamps.js';

// Item identity and metadata from a scraper entry's id/name/type/class/… fields: each is a
// literal, or a JSONPath ("$.metadata.name") into the scraped document.

/** Fields a scraper may already know before extraction (Kubernetes objects carry their own). */
export type Preset = Partial<Omit<ScrapedConfig, 'config' | 'scraper' | 'external_id'>> & { namespace?: string; aliases?: string[] };

/** The identity and metadata of one item; `id`/`type` are empty for metadata-only full-mode documents. */
export type Attributes = Omit<ScrapedConfig, 'config' | 'format' | 'properties' | 'scraper' | 'external_id'> & {
  namespace?: string;
  aliases?: string[];
};

/** A literal, or the first value the JSONPath selects; undefined when the path selects nothing. */
export function fieldValue(expr: string | undefined, doc: unknown): string | undefined {
  if (expr === undefined || expr === '') return undefined;
  if (!isJsonPath(expr)) return expr;
  const found = jsonPathAll(expr, doc);
  return found.length === 0 || found[0] === undefined ? undefined : scalarText(found[0]);
}

const HEALTH = new Set(['healthy', 'unhealthy', 'warning', 'unknown']);

function firstTimestamp(paths: readonly string[] | undefined, doc: unknown, layout: string | undefined): string | undefined {
  for (const path of paths ?? []) {
    const value = isJsonPath(path) ? fieldValue(path, doc) : undefined;
    if (!value) continue;
    const at = parseTimestamp(value, layout);
    if (at) return at.toISOString();
  }
  return undefined;
}

function tagsOf(
  spec: BaseScraper,
  doc: unknown,
  labels: Record<string, string>,
  preset: Record<string, string> | undefined,
): Record<string, string> {
  const tags: Record<string, string> = { ...preset };
  if (Array.isArray(spec.tags)) {
    for (const t of spec.tags) {
      const value =
        (t.label ? labels[t.label] : undefined) ||
        (t.jsonpath ? fieldValue(t.jsonpath.startsWith('$') ? t.jsonpath : `$.${t.jsonpath}`, doc) : t.value);
      if (value) tags[t.name] = value;
    }
  } else {
    for (const [k, v] of Object.entries(spec.tags ?? {})) {
      const value = fieldValue(v, doc);
      if (value) tags[k] = value;
    }
  }
  return tags;
}

/**
 * Compute an item's attributes. Throws when the id or type cannot be determined, unless
 * `metadataOnly` (a full-mode document that only carries changes or access records).
 */
export function extractAttributes(spec: BaseScraper, doc: unknown, preset: Preset = {}, metadataOnly = false): Attributes {
  const id = preset.id ?? fieldValue(spec.id, doc) ?? '';
  if (!id && !metadataOnly) throw new Error(spec.id ? `no id: ${spec.id} not found` : 'no id defined (set `id` on the scraper)');
  const type = preset.type ?? fieldValue(spec.type, doc) ?? '';
  if (!type && !metadataOnly)
    throw new Error(spec.type ? `no type: ${spec.type} not found` : 'no config type defined (set `type` on the scraper)');
  const labels: Record<string, string> = { ...preset.labels };
  for (const [k, v] of Object.entries(spec.labels ?? {})) {
    const value = fieldValue(v, doc);
    if (value && labels[k] === undefined) labels[k] = value;
  }
  const tags = tagsOf(spec, doc, labels, preset.tags);
  const health = preset.health ?? fieldValue(spec.health, doc)?.toLowerCase();
  const deletedAt = preset.deleted_at ?? firstTimestamp(spec.deleteFields, doc, spec.timestampFormat);
  return {
    id,
    name: preset.name ?? fieldValue(spec.name, doc) ?? id,
    type,
    config_class: preset.config_class ?? fieldValue(spec.class, doc) ?? type,
    description: preset.description ?? fieldValue(spec.description, doc),
    status: preset.status ?? fieldValue(spec.status, doc),
    health: health && HEALTH.has(health) ? (health as Health) : undefined,
    ready: preset.ready,
    labels: { ...labels, ...tags },
    tags,
    parent: preset.parent,
    namespace: preset.namespace,
    aliases: preset.aliases,
    created_at: preset.created_at ?? firstTimestamp(spec.createFields, doc, spec.timestampFormat),
    deleted_at: deletedAt,
    delete_reason: preset.delete_reason ?? (deletedAt && !preset.deleted_at ? 'delete_field' : undefined),
    source: preset.source,
  };
}
