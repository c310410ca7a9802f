// Turning scraped items into config_items rows: identity against what the scraper stored before, parent
// links and paths (parents first, so one batch can hold a parent and its children), and the hash that
// tells an unchanged item from a changed one.
import { randomUUID } from 'node:crypto';
import type { ScrapedConfig } from '../engine/index.js';
import { canonicalHash, textHash } from './item-hash.js';
import { itemKey, type ItemRow, type StoredItem } from './items.repository.js';
import type { Queryable } from './queryable.js';
import { resolveRefs } from './refs.repository.js';

export type ItemFate = 'created' | 'updated' | 'unchanged';

export interface PlannedItem {
  item: ScrapedConfig;
  row: ItemRow;
  stored: StoredItem | undefined;
  /** 'created' or, for a stored item, 'updated' until settleFates compares its hash. */
  fate: ItemFate;
  depth: number;
}

export interface ItemTarget {
  scraperId: string | null;
  agentId: string;
}

function baseRow(item: ScrapedConfig, id: string, target: ItemTarget): ItemRow {
  return {
    id,
    scraper_id: target.scraperId,
    agent_id: target.agentId,
    external_id: item.external_id.length ? item.external_id : [item.id],
    type: item.type,
    config_class: item.config_class || item.type,
    name: item.name || null,
    description: item.description || null,
    source: item.source || null,
    config: item.config ?? null,
    format: item.format || 'json',
    config_hash: '',
    scraped_text_hash: '',
    parent_id: null,
    path: null,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    properties: item.properties?.length ? item.properties : null,
    status: item.status || null,
    health: item.health || 'unknown',
    ready: item.ready ?? false,
    created_at: item.created_at ?? null,
    deleted_at: item.deleted_at ?? null,
    delete_reason: item.deleted_at ? item.delete_reason || 'deleted in source' : null,
    ...item.cost,
  };
}

/** Stored paths of items outside this scrape (parents of scraped items). */
async function loadPaths(q: Queryable, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const res = await q.query<{ id: string; path: string | null }>('SELECT id, path FROM config_items WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(res.rows.map((r) => [r.id, r.path]));
}

/**
 * Plan the rows of a scrape: ids (stored or new), parents resolved among this scrape, this scraper's
 * items and then any item, paths, and the fate of each new item (settleFates decides for stored ones). Sorted parents first.
 */
export async function planItems(
  q: Queryable,
  items: ScrapedConfig[],
  stored: Map<string, StoredItem>,
  target: ItemTarget,
): Promise<PlannedItem[]> {
  const idByKey = new Map<string, string>();
  for (const [key, s] of stored) idByKey.set(key, s.id);
  const rows = items.map((item) => {
    const key = itemKey(item.type, item.id);
    const s = stored.get(key);
    const row = baseRow(item, s?.id ?? randomUUID(), target);
    idByKey.set(key, row.id);
    return { item, row, stored: s };
  });
  // Parents not in this scraper's items are looked up by reference.
  const missing = rows.filter((r) => r.item.parent && !idByKey.has(itemKey(r.item.parent.type, r.item.parent.external_id)));
  const refs = [...new Map(missing.map((r) => [itemKey(r.item.parent!.type, r.item.parent!.external_id), r.item.parent!])).values()];
  const found = await resolveRefs(q, refs, target.scraperId);
  refs.forEach((ref, i) => {
    if (found[i]) idByKey.set(itemKey(ref.type, ref.external_id), found[i]!);
  });
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  for (const r of rows) {
    const parentId = r.item.parent ? idByKey.get(itemKey(r.item.parent.type, r.item.parent.external_id)) : undefined;
    if (parentId && parentId !== r.row.id) r.row.parent_id = parentId;
  }
  const outside = [...new Set(rows.map((r) => r.row.parent_id).filter((id): id is string => !!id && !byId.has(id)))];
  const outsidePaths = await loadPaths(q, outside);
  const depthOf = new Map<string, number>();
  const pathOf = (r: (typeof rows)[number], seen: Set<string>): void => {
    if (depthOf.has(r.row.id)) return;
    const pid = r.row.parent_id;
    if (!pid || seen.has(pid)) {
      if (pid && seen.has(pid)) r.row.parent_id = null; // a cycle: break it here
      depthOf.set(r.row.id, 0);
      return;
    }
    const parent = byId.get(pid);
    let parentPath: string | null;
    if (parent) {
      pathOf(parent, new Set([...seen, r.row.id]));
      parentPath = parent.row.path;
    } else {
      parentPath = outsidePaths.get(pid) ?? null;
    }
    r.row.path = parentPath ? `${parentPath}.${pid}` : pid;
    depthOf.set(r.row.id, (parent ? (depthOf.get(pid) ?? 0) : 0) + 1);
  };
  for (const r of rows) pathOf(r, new Set([r.row.id]));
  const planned = rows.map((r): PlannedItem => ({ ...r, fate: r.stored ? 'updated' : 'created', depth: depthOf.get(r.row.id) ?? 0 }));
  return planned.sort((a, b) => a.depth - b.depth);
}

/**
 * Hash each item of a batch and settle whether a stored one changed. Apart from planning so the writer can
 * hash one batch while the server writes the previous one.
 */
export function settleFates(batch: PlannedItem[]): void {
  for (const p of batch) {
    const { id: _id, config_hash: _h, scraped_text_hash: _t, path: _p, ...hashed } = p.row;
    p.row.scraped_text_hash = textHash(hashed);
    const s = p.stored;
    // A stored item counts as the same one when it is live, or when it is deleted and the source still
    // reports it deleted (otherwise every scrape would update and delete it again).
    const live = s && (!s.deleted || !!p.row.deleted_at) && s.hash;
    // The same text as last time: the same item, whose canonical hash is the stored one.
    if (live && s.textHash === p.row.scraped_text_hash) {
      p.row.config_hash = s.hash!;
      p.fate = 'unchanged';
      continue;
    }
    p.row.config_hash = canonicalHash(hashed);
    if (live && s.hash === p.row.config_hash) p.fate = 'unchanged';
  }
}
