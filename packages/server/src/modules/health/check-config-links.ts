// Links of checks to config items from their `relationships.configs` selectors (canary-checker's check
// relationships), resolved with the catalogue's selector lookup. A canary's links are remade whenever it
// is synced (apply, UI write, delete) and every five minutes by the check-config-links job, so items a
// later scrape creates are linked too and items that go away are unlinked.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { JobRun } from '../../jobs/job-run.js';
import { configIdsForSelectors } from '../catalog/index.js';
import { configSelectorsOf, type CheckLookupEnv, type EvaluatedSelector } from './check-config-selectors.js';
import type { EngineCheck, ParsedCanary } from './engine/index.js';
import { checksToRelink, replaceCanaryConfigLinks, type CheckConfigLink } from './check-config-links.repository.js';

/** One live check of a canary as its lookups see it. */
export interface LinkableCheck {
  id: string;
  spec: Record<string, unknown>;
  env: CheckLookupEnv;
}

/**
 * Remake the config links of one canary from its live checks (none when it was deleted). A selector whose
 * lookup fails is skipped and named through `onError`. Returns how many link rows changed.
 */
export async function linkCanaryChecks(
  db: Kysely<Database>,
  canaryId: string,
  checks: LinkableCheck[],
  onError: (message: string) => void = () => undefined,
): Promise<number> {
  const pending: { checkId: string; sel: EvaluatedSelector }[] = [];
  for (const c of checks) {
    const selectors = configSelectorsOf(c.spec, c.env, (i, err) =>
      onError(`check "${c.env.check.name}": relationships.configs[${i}]: ${err.message}`),
    );
    for (const sel of selectors) pending.push({ checkId: c.id, sel });
  }
  const matches = pending.length
    ? await configIdsForSelectors(
        db,
        pending.map((p) => p.sel.selector),
      )
    : [];
  const links: CheckConfigLink[] = pending.flatMap((p, i) =>
    (matches[i] ?? []).map((config_id) => ({ config_id, check_id: p.checkId, selector_id: p.sel.selectorId })),
  );
  return replaceCanaryConfigLinks(db, canaryId, links);
}

/** Remake the links of every canary that declares relationships or still holds links; returns rows changed. */
export async function refreshCheckConfigLinks(ctx: Pick<AppContext, 'db'>, onError?: (message: string) => void): Promise<number> {
  const db = ctx.db.kysely;
  const { checks, canaryIds } = await checksToRelink(db);
  const byCanary = new Map<string, typeof checks>();
  for (const c of checks) byCanary.set(c.canary_id, [...(byCanary.get(c.canary_id) ?? []), c]);
  let changed = 0;
  for (const canaryId of canaryIds) {
    changed += await linkCanaryChecks(
      db,
      canaryId,
      (byCanary.get(canaryId) ?? []).map((c) => ({
        id: c.id,
        spec: c.spec,
        env: {
          check: {
            name: c.name,
            type: c.type,
            namespace: c.namespace,
            labels: c.labels ?? {},
            endpoint: c.endpoint ?? '',
            description: c.description ?? '',
          },
          canary: { name: c.canary_name, namespace: c.canary_namespace, labels: c.canary_labels ?? {} },
        },
      })),
      onError,
    );
  }
  return changed;
}

/** The check-config-links schedule's body. */
export async function checkConfigLinksJob(ctx: AppContext, run: JobRun): Promise<void> {
  const changed = await refreshCheckConfigLinks(ctx, (m) => run.warn(m));
  run.success(changed);
  run.details.summary = { changed };
}

/** The live checks of a parsed canary as lookups see them, given how to find each check's row id. */
export function linkableChecks(parsed: ParsedCanary, idOf: (c: EngineCheck) => string | undefined): LinkableCheck[] {
  const { metadata } = parsed.document;
  return parsed.checks.flatMap((c) => {
    const id = idOf(c);
    if (!id) return [];
    return [
      {
        id,
        spec: c.spec,
        env: {
          check: { name: c.name, type: c.type, namespace: c.namespace, labels: c.labels, endpoint: c.endpoint, description: c.description },
          canary: { name: metadata.name, namespace: metadata.namespace, labels: metadata.labels ?? {} },
        },
      },
    ];
  });
}
