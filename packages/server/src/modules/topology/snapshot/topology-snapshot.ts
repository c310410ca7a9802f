// GET /api/snapshot/topology/{id}: a ZIP of the component with its subtree, the checks linked to them
// with their runs in the range, the linked configs and their changes in the range; `related` adds the
// component's ancestors and siblings (and their checks and configs).
import { parseDateMath, parseDurationMs, type TopologyTreeResponse } from '@ops/shared';
import type { Db } from '../../../db/pool.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { buildTree } from '../read/tree-build.js';
import { findSubtreeRoot, scopeRows } from '../read/tree.repository.js';
import { checksWithStatuses, configChanges, linkedConfigs, relatedComponents } from './snapshot.repository.js';
import { zipArchive } from './zip-archive.js';

/** The range a snapshot covers when the caller names no start. */
export const DEFAULT_SNAPSHOT_RANGE_MS = 3_600_000;

export interface SnapshotQuery {
  start?: string;
  related?: boolean;
}

export interface Snapshot {
  filename: string;
  archive: Buffer;
}

/** A duration ago (`2h`), date math (`now-2h`) or an ISO timestamp; 400 naming `start` otherwise. */
export function snapshotStart(text: string | undefined, now: Date): Date {
  if (!text?.trim()) return new Date(now.getTime() - DEFAULT_SNAPSHOT_RANGE_MS);
  const value = text.trim();
  const ms = parseDurationMs(value);
  const at = ms !== undefined ? new Date(now.getTime() - ms) : parseDateMath(value, now);
  if (!at || Number.isNaN(at.getTime())) {
    throw badRequest(`start: "${text}" is not a time; use a duration such as 2h, date math such as now-2h, or an ISO timestamp`);
  }
  if (at.getTime() >= now.getTime()) throw badRequest(`start (${at.toISOString()}) must be in the past`);
  return at;
}

/** A file-name-safe form of a component name. */
function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'component';
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** The snapshot archive of one component; 404 'Component not found' for an unknown or deleted id. */
export async function topologySnapshot(db: Db, id: string, query: SnapshotQuery, now: Date = new Date()): Promise<Snapshot> {
  const start = snapshotStart(query.start, now);
  const root = await findSubtreeRoot(db, id);
  if (!root) throw notFound('Component not found');
  const rows = await scopeRows(db, { root, dropHidden: false, filteredDepth: -1 });
  const tree = (JSON.parse(buildTree(rows, {}, root.id)) as TopologyTreeResponse).components[0]!;
  const related = query.related ? await relatedComponents(db, { id: root.id, path: root.path, parent_id: tree.parent_id ?? null }) : [];
  const ids = [...rows.map((r) => r.id), ...related.map((r) => (r as { id: string }).id)];
  const [checks, configs] = await Promise.all([checksWithStatuses(db, ids, start, now), linkedConfigs(db, ids)]);
  const changes = await configChanges(
    db,
    configs.map((c) => c.id),
    start,
    now,
  );
  const entries = [
    { name: 'component.json', data: json(tree) },
    { name: 'checks.json', data: json(checks) },
    { name: 'configs.json', data: json(configs) },
    { name: 'changes.json', data: json(changes) },
    ...(query.related ? [{ name: 'related.json', data: json(related) }] : []),
    {
      name: 'snapshot.json',
      data: json({ component_id: root.id, start: start.toISOString(), end: now.toISOString(), related: !!query.related }),
    },
  ];
  return { filename: `snapshot-${fileSafe(tree.name)}-${now.toISOString().slice(0, 10)}.zip`, archive: zipArchive(entries, now) };
}
