// Check results as Prometheus series at /api/metrics: canary-checker's per-check series and the metrics
// checks compute. Runs update them in memory as their results are turned into status rows (no SQL per
// result); before a scrape reads them, the checks deleted since (by any process, through any API) are
// pruned with one query.
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { AppContext } from '../../../context.js';
import type { CheckResult, EngineCheck, ParsedCanary } from '../engine/index.js';
import { checkKey, type CheckIds } from '../canary.repository.js';
import { CheckSeries, type CheckLabels } from './check-series.js';
import { CustomMetrics, DEFAULT_MAX_SERIES_PER_METRIC } from './custom-metrics.js';

type MetricsContext = Pick<AppContext, 'db' | 'log' | 'metrics'>;

const UNSCRAPED_PRUNE_MS = 5 * 60_000;

/** The per-check series of one server process. */
export class CheckMetrics {
  private readonly series: CheckSeries;
  private readonly custom: CustomMetrics;
  private pruning: Promise<void> | undefined;
  private prunedAt = Date.now();
  private readonly checksOf = new WeakMap<ParsedCanary, Map<string, EngineCheck>>();

  constructor(
    private readonly ctx: MetricsContext,
    opts: { maxSeriesPerMetric?: number } = {},
  ) {
    // Every family waits for the same prune, so one scrape never shows a deleted check in one family only.
    const beforeRead = () => this.prune();
    this.series = new CheckSeries(ctx.metrics, beforeRead);
    this.custom = new CustomMetrics(ctx.metrics, ctx.log, {
      maxSeriesPerMetric: opts.maxSeriesPerMetric ?? DEFAULT_MAX_SERIES_PER_METRIC,
      beforeRead,
    });
  }

  /** Record the results of one run of a canary whose check ids are known (after its status rows are made). */
  recordRun(canary: { parsed: ParsedCanary; checkIds: CheckIds }, results: CheckResult[]): void {
    // Without a scraper nothing would prune: deleted checks (transforms make and delete many) would pile up.
    if (Date.now() - this.prunedAt > UNSCRAPED_PRUNE_MS) void this.prune();
    const meta = canary.parsed.document.metadata;
    for (const r of results) {
      const check = this.checkOf(canary.parsed, r.identity.type, r.identity.name);
      const id = canary.checkIds.get(checkKey(r.identity.type, r.identity.name));
      if (id && check) {
        this.record(r, {
          type: check.type,
          endpoint: check.description || check.endpoint,
          canary_name: meta.name,
          canary_namespace: meta.namespace,
          owner: check.owner,
          severity: check.severity,
          key: id,
          name: check.name,
        });
      }
      for (const t of r.transformed) {
        const childId = canary.checkIds.get(checkKey(t.type, t.name));
        if (!childId) continue;
        if (t.deleted) {
          this.removeChecks([childId]);
          continue;
        }
        // Checks a transform makes carry no owner or severity of their own (their rows have none either).
        this.record(t.result, {
          type: t.type,
          endpoint: t.description || t.endpoint,
          canary_name: meta.name,
          canary_namespace: meta.namespace,
          owner: '',
          severity: '',
          key: childId,
          name: t.name,
        });
      }
    }
  }

  /** Drop every series of these checks. */
  removeChecks(checkIds: string[]): void {
    for (const id of checkIds) this.series.remove(id);
    this.custom.removeChecks(checkIds);
  }

  /** Drop the series of checks that are no longer live; concurrent callers share one query. */
  prune(): Promise<void> {
    this.pruning ??= this.pruneNow().finally(() => {
      this.pruning = undefined;
    });
    return this.pruning;
  }

  private record(result: CheckResult, labels: CheckLabels): void {
    this.series.record(labels, result);
    if (result.metrics.length > 0) this.custom.record(labels.key, result.metrics);
  }

  private checkOf(parsed: ParsedCanary, type: string, name: string): EngineCheck | undefined {
    let byKey = this.checksOf.get(parsed);
    if (!byKey) {
      byKey = new Map(parsed.checks.map((c) => [checkKey(c.type, c.name), c]));
      this.checksOf.set(parsed, byKey);
    }
    return byKey.get(checkKey(type, name));
  }

  // A failed read keeps the series until the next scrape: the metrics matter most when the database struggles.
  private async pruneNow(): Promise<void> {
    this.prunedAt = Date.now();
    const tracked = [...new Set([...this.series.checkIds(), ...this.custom.checkIds()])];
    if (tracked.length === 0) return;
    try {
      const rows = await this.ctx.db.kysely
        .selectFrom('checks')
        .select('id')
        .where(sql<boolean>`id = any(${tracked}::uuid[])`)
        .where('deleted_at', 'is', null)
        .execute();
      const live = new Set(rows.map((r) => r.id));
      this.removeChecks(tracked.filter((id) => !live.has(id)));
    } catch (err) {
      this.ctx.log.warn({ err }, 'could not prune the series of deleted checks');
    }
  }
}

const perRegistry = new WeakMap<Registry, CheckMetrics>();

/** The check metrics of a server (one per registry, made on first use). */
export function checkMetrics(ctx: MetricsContext): CheckMetrics {
  let m = perRegistry.get(ctx.metrics);
  if (!m) perRegistry.set(ctx.metrics, (m = new CheckMetrics(ctx)));
  return m;
}
