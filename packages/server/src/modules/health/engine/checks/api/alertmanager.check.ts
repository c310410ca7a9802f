// alertmanager: lists matching alerts through the v2 API (filters, alert names, ignores,
// exclude_filters as matchers). The alerts reach expressions as `results.alerts`; a transform
// usually fans them out into one check per alert.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';
import { apiUrl, callJsonApi } from '../http/json-api.js';

interface AmAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  fingerprint?: string;
  startsAt?: string;
  status?: { state?: string };
}

export const alertmanagerCheck: CheckType = {
  type: 'alertmanager',
  schema: RUNNABLE_CHECK_SCHEMAS.alertmanager,
  endpoint: (spec) => String(spec.url || spec.connection || ''),
  validate: (spec) => (spec.url || spec.connection ? [] : [['url', 'is required']]),
  async run(spec, ctx) {
    const conn = await resolveConnection(spec, ctx.resolve);
    if (!conn.url) return invalid('no url or connection specified');
    const url = apiUrl(conn.url, '/api/v2/alerts');
    for (const f of matchers(spec)) url.searchParams.append('filter', f);
    let reply;
    try {
      reply = await callJsonApi({ url, username: conn.username, password: conn.password }, ctx);
    } catch (err) {
      return failed(`error fetching from alertmanager: ${errorText(err)}`);
    }
    if (reply.status !== 200 || !Array.isArray(reply.json))
      return failed(`error fetching from alertmanager: status ${reply.status}: ${reply.text.slice(0, 200)}`);
    const alerts = (reply.json as AmAlert[]).map((a) => ({
      name: fullName(a.labels ?? {}),
      message: a.annotations?.message ?? a.annotations?.description ?? a.annotations?.summary ?? '',
      labels: a.labels ?? {},
      annotations: a.annotations ?? {},
      fingerprint: a.fingerprint ?? '',
      startsAt: a.startsAt ?? null,
      state: a.status?.state ?? '',
    }));
    return passed({}, { detail: { alerts }, message: `${alerts.length} alerts` });
  },
};

/** canary-checker's matchers: filters =~, alerts alertname=~, ignore alertname!~, exclude_filters !=. */
function matchers(spec: Record<string, unknown>): string[] {
  const out: string[] = [];
  const quote = (v: string) => JSON.stringify(v);
  for (const [k, v] of Object.entries((spec.filters ?? {}) as Record<string, string>)) out.push(`${k}=~${quote(v)}`);
  for (const a of (spec.alerts as string[] | undefined) ?? []) out.push(`alertname=~${quote(a)}`);
  for (const a of (spec.ignore as string[] | undefined) ?? []) out.push(`alertname!~${quote(a)}`);
  for (const [k, v] of Object.entries((spec.exclude_filters ?? {}) as Record<string, string>)) out.push(`${k}!=${quote(v)}`);
  return out;
}

/** alertname/namespace-or-node/workload/container, as canary-checker names alert checks. */
function fullName(labels: Record<string, string>): string {
  const parts = [labels.alertname ?? ''];
  for (const k of ['namespace', 'node']) if (labels[k]) parts.push(labels[k]);
  const workload = ['deployment', 'daemonset', 'statefulset', 'cronjob_name', 'job_name', 'pod', 'nodename'].find((k) => labels[k]);
  if (workload) parts.push(labels[workload]!);
  if (labels.container && labels.job !== labels.container) parts.push(labels.container);
  return parts.join('/');
}
