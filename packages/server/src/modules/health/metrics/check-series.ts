// canary-checker's per-check series, with its names, label names, help texts and duration buckets, so
// its dashboards and alerts work against this server: `canary_check` (0 passing, 1 failing) and
// `canary_check_info` (the same value with every check label), `canary_check_duration` (milliseconds),
// and the run counters. One label set per check: when a check's labels change (its endpoint was
// edited) its old series go, and a deleted check's series go with it.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** The labels canary-checker puts on a check's series (its AdditionalCheckMetricLabels are not offered). */
// A type, not an interface: prom-client takes label records with an index signature.
export type CheckLabels = {
  type: string;
  /** The check's description, else its endpoint (canary-checker's GetDescription). */
  endpoint: string;
  canary_name: string;
  canary_namespace: string;
  owner: string;
  severity: string;
  /** The check's id. */
  key: string;
  name: string;
};

/** What the series need of a result. */
export interface RecordedResult {
  pass: boolean;
  invalid: boolean;
  /** Milliseconds. */
  duration: number;
}

const CHECK_LABELS = ['type', 'endpoint', 'canary_name', 'canary_namespace', 'owner', 'severity', 'key', 'name'] as const;
const GAUGE_LABELS = ['key', 'type', 'canary_name', 'canary_namespace', 'name'] as const;

/** The built-in series of every check that ran in this process. */
export class CheckSeries {
  private readonly status: Gauge;
  private readonly info: Gauge;
  private readonly duration: Histogram;
  private readonly count: Counter;
  private readonly success: Counter;
  private readonly failed: Counter;
  private readonly invalid: Counter;
  private readonly labelsOf = new Map<string, CheckLabels>();

  /** `beforeRead` runs before any of the families is read (deleted checks are pruned then). */
  constructor(registry: Registry, beforeRead?: () => Promise<void>) {
    const common = { labelNames: CHECK_LABELS, registers: [registry], ...(beforeRead ? { collect: beforeRead } : {}) };
    this.status = new Gauge({
      ...common,
      name: 'canary_check',
      help: 'A gauge representing the canaries success (0) or failure (1)',
      labelNames: GAUGE_LABELS,
    });
    this.info = new Gauge({ ...common, name: 'canary_check_info', help: 'Information about the canary check' });
    this.duration = new Histogram({
      ...common,
      name: 'canary_check_duration',
      help: 'A histogram of the response latency in milliseconds.',
      buckets: [5, 10, 25, 50, 200, 500, 1000, 3000, 10000, 30000],
    });
    this.count = new Counter({ ...common, name: 'canary_check_count', help: 'The total number of checks' });
    this.success = new Counter({ ...common, name: 'canary_check_success_count', help: 'The total number of successful checks' });
    this.failed = new Counter({ ...common, name: 'canary_check_failed_count', help: 'The total number of failed checks' });
    this.invalid = new Counter({ ...common, name: 'canary_check_invalid_count', help: 'The total number of invalid checks' });
  }

  /** Record one result of a check. A handful of hash-map updates: it runs for every result. */
  record(labels: CheckLabels, result: RecordedResult): void {
    const known = this.labelsOf.get(labels.key);
    if (!known || !sameLabels(known, labels)) {
      if (known) this.remove(labels.key);
      this.labelsOf.set(labels.key, labels);
    }
    const all = this.labelsOf.get(labels.key)!;
    const gauge = gaugeLabels(all);
    this.count.inc(all);
    if (result.duration > 0) this.duration.observe(all, result.duration);
    if (result.pass) {
      this.status.set(gauge, 0);
      this.info.set(all, 0);
      this.success.inc(all);
      // Always present, so an uptime ratio can be computed before the first failure (as canary-checker).
      this.failed.inc(all, 0);
    } else {
      this.status.set(gauge, 1);
      this.info.set(all, 1);
      this.failed.inc(all);
      if (result.invalid) this.invalid.inc(all);
    }
  }

  /** Drop every series of a check. */
  remove(checkId: string): void {
    const labels = this.labelsOf.get(checkId);
    if (!labels) return;
    this.labelsOf.delete(checkId);
    this.status.remove(gaugeLabels(labels));
    for (const m of [this.info, this.duration, this.count, this.success, this.failed, this.invalid]) m.remove(labels);
  }

  /** Checks that have series here. */
  checkIds(): IterableIterator<string> {
    return this.labelsOf.keys();
  }
}

function gaugeLabels(l: CheckLabels): Record<(typeof GAUGE_LABELS)[number], string> {
  return { key: l.key, type: l.type, canary_name: l.canary_name, canary_namespace: l.canary_namespace, name: l.name };
}

function sameLabels(a: CheckLabels, b: CheckLabels): boolean {
  return CHECK_LABELS.every((k) => a[k] === b[k]);
}
