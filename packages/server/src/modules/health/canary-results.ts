// Turns engine results into status rows: each result to the check id of its identity, and the checks a
// transform fanned out into created (transformed = true) on first sight.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CheckResult } from './engine/index.js';
import { checkKey, upsertChecks, type CheckIds, type CheckInput } from './canary.repository.js';
import type { StatusRow } from './check-results.repository.js';

/** Status rows of a canary run; results whose check is unknown (removed meanwhile) are left out. */
export async function statusRows(
  db: Kysely<Database>,
  canary: { id: string; agentId: string; checkIds: CheckIds },
  results: CheckResult[],
  nextRuntime: Date | null,
): Promise<StatusRow[]> {
  const fanned = results.flatMap((r) => r.transformed.map((t) => ({ parent: r, t })));
  const unknown = fanned.filter(({ t }) => !canary.checkIds.has(checkKey(t.type, t.name)));
  if (unknown.length) {
    const inputs: CheckInput[] = unknown.map(({ t }) => ({
      type: t.type,
      name: t.name,
      namespace: t.namespace,
      description: t.description,
      icon: t.icon,
      labels: t.labels,
      owner: '',
      severity: '',
      endpoint: t.endpoint,
      spec: {},
      transformed: true,
    }));
    for (const [k, id] of await upsertChecks(db, canary.id, canary.agentId, inputs)) canary.checkIds.set(k, id);
  }
  const rows: StatusRow[] = [];
  const add = (type: string, name: string, r: CheckResult): void => {
    const checkId = canary.checkIds.get(checkKey(type, name));
    if (!checkId) return;
    rows.push({
      checkId,
      time: r.start,
      duration: Math.max(0, Math.round(r.duration)),
      status: r.pass,
      invalid: r.invalid,
      message: clip(r.display || r.message),
      error: clip(r.error),
      detail: r.detail,
      nextRuntime,
    });
  };
  for (const r of results) add(r.identity.type, r.identity.name, r);
  for (const { t } of fanned) if (!t.deleted) add(t.type, t.name, t.result);
  return rows;
}

const MAX_TEXT = 4_000;

function clip(text: string | undefined): string {
  if (!text) return '';
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}…`;
}
