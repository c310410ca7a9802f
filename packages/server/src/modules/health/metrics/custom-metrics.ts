// The metrics checks compute (their `metrics:` entries, and what http and icmp checks report), exported
// as Prometheus families the way canary-checker exports them: a gauge is set, a counter adds the value
// (values of 0 or less are ignored, as there), a histogram observes it. Each family has at most
// `maxSeriesPerMetric` label sets: a label whose value comes from a CEL expression (a URL, an error text,
// a time) could otherwise grow the scrape without end. A series lives as long as a check that wrote it.
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { reservedMetricName, type CheckMetric } from '../engine/index.js';

/** Distinct label sets one family keeps by default; new ones beyond it are dropped (logged once). */
export const DEFAULT_MAX_SERIES_PER_METRIC = 1_000;

const NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const HELP = 'Declared by the metrics of canary checks';

interface Series {
  labels: Record<string, string>;
  /** Checks that wrote this series; it goes when the last of them does. */
  checks: Set<string>;
}

interface Family {
  name: string;
  type: CheckMetric['type'];
  labelNames: string[];
  metric: Gauge | Counter | Histogram;
  series: Map<string, Series>;
}

/** Check-computed metrics in one registry, bounded per family. */
export class CustomMetrics {
  private readonly families = new Map<string, Family>();
  private readonly byCheck = new Map<string, Set<{ family: Family; key: string }>>();
  private readonly warned = new Set<string>();
  private readonly maxSeriesPerMetric: number;

  /** `beforeRead` runs before a family is read (deleted checks are pruned then). */
  constructor(
    private readonly registry: Registry,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { maxSeriesPerMetric?: number; beforeRead?: () => Promise<void> } = {},
  ) {
    this.maxSeriesPerMetric = opts.maxSeriesPerMetric ?? DEFAULT_MAX_SERIES_PER_METRIC;
  }

  /** Export what one run of check `checkId` computed. Never throws: a metric that cannot be kept is logged once. */
  record(checkId: string, metrics: CheckMetric[]): void {
    for (const m of metrics) {
      try {
        this.recordOne(checkId, m);
      } catch (err) {
        this.warnOnce(`${m.name}:error`, { err, metric: m.name }, 'could not export a check metric');
      }
    }
  }

  /** Remove the series only these checks wrote (they were deleted). */
  removeChecks(checkIds: Iterable<string>): void {
    for (const id of checkIds) {
      const refs = this.byCheck.get(id);
      if (!refs) continue;
      this.byCheck.delete(id);
      for (const { family, key } of refs) {
        const s = family.series.get(key);
        if (!s) continue;
        s.checks.delete(id);
        if (s.checks.size > 0) continue;
        family.metric.remove(s.labels);
        family.series.delete(key);
        if (family.series.size === 0) this.dropFamily(family);
      }
    }
  }

  /** Checks that have series here. */
  checkIds(): IterableIterator<string> {
    return this.byCheck.keys();
  }

  /** Label sets of a family (tests, bench figures). */
  seriesCount(name: string): number {
    return this.families.get(name)?.series.size ?? 0;
  }

  private recordOne(checkId: string, m: CheckMetric): void {
    if (!NAME.test(m.name) || m.name.startsWith('__'))
      return this.warnOnce(`${m.name}:name`, { metric: m.name }, 'check metric has an invalid name; not exported');
    const reserved = reservedMetricName(m.name);
    if (reserved) return this.warnOnce(`${m.name}:reserved`, { metric: m.name }, `check metric not exported: ${reserved}`);
    if (!Number.isFinite(m.value)) return;
    const labelNames = Object.keys(m.labels).sort();
    const badLabel = labelNames.find((l) => !NAME.test(l) || l.startsWith('__'));
    if (badLabel)
      return this.warnOnce(`${m.name}:label`, { metric: m.name, label: badLabel }, 'check metric has an invalid label name; not exported');
    const family = this.familyFor(checkId, m, labelNames);
    if (!family) return;
    const key = labelNames.map((l) => m.labels[l]).join('\u0000');
    let series = family.series.get(key);
    if (!series) {
      if (family.series.size >= this.maxSeriesPerMetric) {
        return this.warnOnce(
          `${m.name}:cap`,
          { metric: m.name, limit: this.maxSeriesPerMetric },
          'check metric has reached its limit of label sets; new label sets are dropped',
        );
      }
      series = { labels: { ...m.labels }, checks: new Set() };
      family.series.set(key, series);
    }
    if (!series.checks.has(checkId)) {
      series.checks.add(checkId);
      let refs = this.byCheck.get(checkId);
      if (!refs) this.byCheck.set(checkId, (refs = new Set()));
      refs.add({ family, key });
    }
    if (family.metric instanceof Gauge) family.metric.set(series.labels, m.value);
    else if (family.metric instanceof Counter) {
      if (m.value > 0) family.metric.inc(series.labels, m.value);
    } else family.metric.observe(series.labels, m.value);
  }

  // The family of a name, made on first sight. Another type or other label names for a name in use is
  // dropped (apply refuses it, but specs written around the API or by an older version may hold it),
  // unless only this check wrote the family: then its spec changed, and the family starts again.
  private familyFor(checkId: string, m: CheckMetric, labelNames: string[]): Family | undefined {
    let family = this.families.get(m.name);
    const same = (f: Family) =>
      f.type === m.type && f.labelNames.length === labelNames.length && f.labelNames.every((l, i) => l === labelNames[i]);
    if (family && !same(family)) {
      const onlyThisCheck = [...family.series.values()].every((s) => s.checks.size === 1 && s.checks.has(checkId));
      if (!onlyThisCheck) {
        this.warnOnce(
          `${m.name}:clash`,
          { metric: m.name, type: m.type, labels: labelNames, exported: { type: family.type, labels: family.labelNames } },
          'check metric declared with another type or other labels than where it is already exported; not exported',
        );
        return undefined;
      }
      this.byCheck.get(checkId)?.forEach((ref) => {
        if (ref.family === family) this.byCheck.get(checkId)!.delete(ref);
      });
      this.dropFamily(family);
      family = undefined;
    }
    if (family) return family;
    if (this.registry.getSingleMetric(m.name)) {
      this.warnOnce(`${m.name}:taken`, { metric: m.name }, 'check metric has the name of a metric the server exports; not exported');
      return undefined;
    }
    const collect = this.opts.beforeRead;
    const opts = { name: m.name, help: HELP, labelNames, registers: [this.registry], ...(collect ? { collect } : {}) };
    const metric = m.type === 'counter' ? new Counter(opts) : m.type === 'histogram' ? new Histogram(opts) : new Gauge(opts);
    family = { name: m.name, type: m.type, labelNames, metric, series: new Map() };
    this.families.set(m.name, family);
    return family;
  }

  private dropFamily(family: Family): void {
    this.registry.removeSingleMetric(family.name);
    this.families.delete(family.name);
    for (const key of [...this.warned]) if (key.startsWith(`${family.name}:`)) this.warned.delete(key);
  }

  private warnOnce(key: string, fields: Record<string, unknown>, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log.warn(fields, message);
  }
}
