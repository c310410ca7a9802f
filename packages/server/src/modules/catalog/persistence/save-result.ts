// Persisting one ScrapeResult in one transaction: items (insert new, overwrite changed, touch unchanged),
// changes (body diffs, reported changes, CREATE/DELETE), analysis, relationships, access entities, and —
// only after a complete, non-incremental scrape — deletion of what the scraper no longer sees.
import type pg from 'pg';
import { ANALYSIS_TYPES } from '@ops/shared';
import type { AnalysisResult, ChangeResult, ScrapeResult } from '../engine/index.js';
import { noAccess, saveAccess, type AccessCounts } from './access.repository.js';
import { writeAnalysis, resolveUnseenAnalysis, type AnalysisRow } from './analysis.repository.js';
import { changeRow, createChange, deleteChange, diffChange } from './change-rows.js';
import { writeChanges, type ChangeRow, type ChangeWriteCounts } from './changes.repository.js';
import {
  deleteItems,
  deleteUnseen,
  itemKey,
  loadBodies,
  loadScraperItems,
  recordCompleteScrape,
  storeTextHashes,
  touchItems,
  upsertItems,
} from './items.repository.js';
import { planItems, settleFates, type PlannedItem } from './plan-items.js';
import { chunks, inTransaction, type Queryable } from './queryable.js';
import { resolveRefs, resolveSelectors, type Ref } from './refs.repository.js';
import { deleteUnseenRelationships, writeRelationships, type RelationshipRow } from './relationships.repository.js';

const BATCH = 500;
export const NOT_SEEN_REASON = 'not found in the latest complete scrape';

export interface SaveTarget {
  scraperId: string | null;
  agentId: string;
  /** The ScrapeConfig's spec: entries' change mappings apply to body diffs. */
  spec: Record<string, unknown>;
}

/** What a save did, by entity. */
export interface SaveCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  changes: number;
  changes_deduped: number;
  /** Reported (not diff) changes: saved, and skipped (ignored by a rule or for an unknown item). */
  reported_saved: number;
  reported_skipped: number;
  analysis: number;
  analysis_resolved: number;
  relationships: number;
  relationships_deleted: number;
  /** External users, groups, roles, memberships, access records and logs. */
  access: AccessCounts;
}

/**
 * Save `result` for a scraper at `now`. `incremental` results (watch batches) never delete. Deletion,
 * resolution and edge removal also need `result.complete`: a failed or partial scrape deletes nothing.
 */
export async function saveScrapeResult(
  pool: pg.Pool,
  target: SaveTarget,
  result: ScrapeResult,
  opts: { now?: Date; incremental?: boolean } = {},
): Promise<SaveCounts> {
  const now = opts.now ?? new Date();
  return inTransaction(pool, async (q) => {
    const counts: SaveCounts = {
      created: 0,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      changes: 0,
      changes_deduped: 0,
      reported_saved: 0,
      reported_skipped: 0,
      analysis: 0,
      analysis_resolved: 0,
      relationships: 0,
      relationships_deleted: 0,
      access: noAccess(),
    };
    const stored = target.scraperId ? await loadScraperItems(q, target.scraperId) : new Map();
    const planned = await planItems(q, result.configs, stored, target);
    const idByKey = new Map(planned.map((p) => [itemKey(p.item.type, p.item.id), p.row.id]));
    const toDelete: string[] = [];
    const complete = result.complete && !opts.incremental && !!target.scraperId;
    // A complete scrape records its time on the scraper instead of on each unchanged item (ADR 0007).
    // Each batch's rows and changes are written while the next batch is hashed and diffed: the server and
    // this process work at once.
    let writing: Promise<void> | undefined;
    for (const batch of chunks(planned, BATCH)) {
      settleFates(batch);
      const changeRows: ChangeRow[] = [];
      try {
        await diffBatch(q, batch, target, now, counts, changeRows, toDelete);
      } finally {
        // A failed write of the previous batch aborts the transaction: report its error, not the next one's.
        await writing;
      }
      writing = writeRows(q, batch, changeRows, now, !complete, counts);
      // Awaited in the next round or after the loop; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    }
    await writing;
    const reported = await reportedChangeRows(q, result.changes, idByKey, target.scraperId, now, toDelete);
    counts.reported_skipped = result.changes.length - reported.length;
    addChangeCounts(counts, await writeChanges(q, reported));
    counts.reported_saved = reported.length;
    counts.analysis = await writeAnalysis(q, await analysisRows(q, result.analysis, idByKey, target.scraperId), now);
    counts.relationships = await writeRelationships(q, target.scraperId, await relationshipRows(q, result, idByKey, target.scraperId), now);
    counts.access = await saveAccess(q, result.entities, {
      scraperId: target.scraperId,
      now,
      lookup: (refs) => lookup(q, refs, idByKey, target.scraperId),
      prune: complete,
    });
    const deleted = await deleteItems(q, toDelete, now, 'deleted by a change rule');
    if (complete && target.scraperId) {
      const seen = planned.map((p) => p.row.id);
      deleted.push(...(await deleteUnseen(q, target.scraperId, seen, now, NOT_SEEN_REASON)));
      await recordCompleteScrape(q, target.scraperId, now);
      counts.analysis_resolved = await resolveUnseenAnalysis(q, target.scraperId, now);
      counts.relationships_deleted = await deleteUnseenRelationships(q, target.scraperId, now);
    }
    counts.deleted = deleted.length + planned.filter((p) => p.row.deleted_at && p.fate !== 'unchanged').length;
    const byRule = new Set(toDelete);
    const deleteRows = deleted.map((id) => deleteChange(id, byRule.has(id) ? 'deleted by a change rule' : NOT_SEEN_REASON, now));
    addChangeCounts(counts, await writeChanges(q, deleteRows));
    return counts;
  });
}

// One batch of items: diff the changed ones against their stored bodies (read after the previous batch's
// writes, queued on the same connection), counting each item's fate.
async function diffBatch(
  q: Queryable,
  batch: PlannedItem[],
  target: SaveTarget,
  now: Date,
  counts: SaveCounts,
  changes: ChangeRow[],
  toDelete: string[],
): Promise<void> {
  const updated = batch.filter((p) => p.fate === 'updated');
  const bodies = await loadBodies(
    q,
    updated.map((p) => p.row.id),
  );
  for (const p of batch) {
    if (p.fate === 'created') {
      counts.created++;
      changes.push(createChange(p.item, p.row.id, now));
    } else if (p.fate === 'updated') {
      counts.updated++;
      const change = diffChange(p.item, bodies.get(p.row.id), target.spec);
      if (change?.action === 'ignore') continue;
      if (change?.action === 'delete') toDelete.push(p.row.id);
      if (change) changes.push(changeRow(change, p.row.id, now));
    } else {
      counts.unchanged++;
    }
  }
}

// Write new and changed rows and then their changes (a CREATE needs its item); touch the unchanged ones
// when the scrape does not record itself (ADR 0007).
async function writeRows(
  q: Queryable,
  batch: PlannedItem[],
  changes: ChangeRow[],
  now: Date,
  touchUnchanged: boolean,
  counts: SaveCounts,
): Promise<void> {
  await upsertItems(
    q,
    batch.filter((p) => p.fate !== 'unchanged').map((p) => p.row),
    now,
  );
  const unchanged = batch.filter((p) => p.fate === 'unchanged');
  if (touchUnchanged)
    await touchItems(
      q,
      unchanged.map((p) => p.row.id),
      now,
    );
  await storeTextHashes(
    q,
    unchanged.filter((p) => p.stored?.textHash !== p.row.scraped_text_hash).map((p) => p.row),
  );
  addChangeCounts(counts, await writeChanges(q, changes));
}

function addChangeCounts(counts: SaveCounts, written: ChangeWriteCounts): void {
  counts.changes += written.inserted;
  counts.changes_deduped += written.deduped;
}

// Ids for references not among this scrape's items, looked up in one statement.
async function lookup(q: Queryable, refs: Ref[], idByKey: Map<string, string>, scraperId: string | null): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = refs.map((r) => (r.type ? idByKey.get(itemKey(r.type, r.external_id)) : undefined));
  const missing = refs.map((r, i) => ({ r, i })).filter(({ i, r }) => !out[i] && r.external_id);
  const found = await resolveRefs(
    q,
    missing.map((m) => m.r),
    scraperId,
  );
  missing.forEach((m, k) => (out[m.i] = found[k]));
  return out;
}

async function reportedChangeRows(
  q: Queryable,
  changes: ChangeResult[],
  idByKey: Map<string, string>,
  scraperId: string | null,
  now: Date,
  toDelete: string[],
): Promise<ChangeRow[]> {
  const ids = await lookup(
    q,
    changes.map((c) => ({ type: c.config_type ?? '', external_id: c.external_id ?? '' })),
    idByKey,
    scraperId,
  );
  const rows: ChangeRow[] = [];
  changes.forEach((c, i) => {
    const id = typeof c.config_id === 'string' && c.config_id ? c.config_id : ids[i];
    if (!id || c.action === 'ignore') return;
    if (c.action === 'delete') toDelete.push(id);
    rows.push(changeRow(c, id, now));
  });
  return rows;
}

async function analysisRows(
  q: Queryable,
  analysis: AnalysisResult[],
  idByKey: Map<string, string>,
  scraperId: string | null,
): Promise<AnalysisRow[]> {
  const targets = analysis.flatMap((a, i) => {
    const refs = a.external_configs?.length ? a.external_configs : [{ external_id: a.external_id, type: a.config_type }];
    return refs.map((r) => ({
      i,
      ref: { type: r.type ?? r.config_type ?? a.config_type ?? '', external_id: r.external_id ?? '' },
      id: r.config_id,
    }));
  });
  const ids = await lookup(
    q,
    targets.map((t) => t.ref),
    idByKey,
    scraperId,
  );
  const types = ANALYSIS_TYPES as readonly string[];
  return targets.flatMap((t, k) => {
    const id = t.id ?? ids[k];
    const a = analysis[t.i]!;
    if (!id) return [];
    return [
      {
        config_id: id,
        scraper_id: scraperId,
        analyzer: a.analyzer,
        analysis_type: types.includes(a.analysis_type) ? a.analysis_type : 'other',
        severity: a.severity || 'info',
        summary: a.summary ?? null,
        message: a.messages?.length ? a.messages.join('\n') : null,
        analysis: a.analysis ?? null,
        source: a.source ?? null,
        first_observed: a.first_observed ?? null,
        status: a.status === 'resolved' ? 'resolved' : 'open',
      } satisfies AnalysisRow,
    ];
  });
}

async function relationshipRows(
  q: Queryable,
  result: ScrapeResult,
  idByKey: Map<string, string>,
  scraperId: string | null,
): Promise<RelationshipRow[]> {
  const rels = result.relationships;
  const from = await lookup(
    q,
    rels.map((r) => ({ type: r.config.type, external_id: r.config.external_id })),
    idByKey,
    scraperId,
  );
  const related = await resolveSelectors(
    q,
    rels.map((r) => r.related),
    scraperId,
  );
  return rels.flatMap((r, i) => {
    const a = from[i];
    if (!a) return [];
    return related[i]!.map((b) =>
      r.parent ? { config_id: b, related_id: a, relation: r.relation ?? '' } : { config_id: a, related_id: b, relation: r.relation ?? '' },
    );
  });
}
