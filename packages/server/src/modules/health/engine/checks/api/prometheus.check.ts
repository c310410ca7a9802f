// prometheus: runs a PromQL instant query through the HTTP API. Result variables as in
// canary-checker: `value` (first sample), `firstResult` and `results` (labels plus value).
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';
import { apiUrl, callJsonApi } from '../http/json-api.js';

interface PromSample {
  metric?: Record<string, string>;
  value?: [number, string];
}

export const prometheusCheck: CheckType = {
  type: 'prometheus',
  schema: RUNNABLE_CHECK_SCHEMAS.prometheus,
  endpoint: (spec) => String(spec.url || spec.host || spec.connection || ''),
  validate: (spec) => (spec.url || spec.host || spec.connection ? [] : [['url', 'is required']]),
  async run(spec, ctx) {
    const conn = await resolveConnection({ ...spec, url: spec.url || spec.host }, ctx.resolve);
    if (!conn.url) return invalid('no url or connection specified');
    const url = apiUrl(conn.url, '/api/v1/query');
    url.searchParams.set('query', String(spec.query));
    let reply;
    try {
      reply = await callJsonApi({ url, username: conn.username, password: conn.password }, ctx);
    } catch (err) {
      return failed(errorText(err));
    }
    const body = reply.json as { status?: string; error?: string; data?: { resultType?: string; result?: unknown } };
    if (body.status !== 'success') return failed(`prometheus: ${body.error ?? `query failed with status ${reply.status}`}`);
    const samples = toSamples(body.data?.resultType, body.data?.result);
    const results = samples.map((s) => ({ ...(s.metric ?? {}), value: Number(s.value?.[1]) }));
    const data = { value: results[0]?.value ?? 0, firstResult: results[0] ?? {}, results };
    return passed(data, { message: `${results.length} series` });
  },
};

/** Vector results as they are; a scalar becomes one unlabeled sample; matrices are not instant data. */
function toSamples(type: string | undefined, result: unknown): PromSample[] {
  if (type === 'vector' && Array.isArray(result)) return result as PromSample[];
  if ((type === 'scalar' || type === 'string') && Array.isArray(result)) return [{ metric: {}, value: result as [number, string] }];
  return [];
}
