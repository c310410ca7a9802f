// elasticsearch and opensearch: run a search (query body) on an index and fail unless the total
// hit count equals `results`. The search response is `results` in expressions.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';
import { apiUrl, callJsonApi } from '../http/json-api.js';

function searchCheck(type: 'elasticsearch' | 'opensearch', product: string): CheckType {
  return {
    type,
    schema: RUNNABLE_CHECK_SCHEMAS[type],
    endpoint: (spec) => String(spec.url || spec.connection || ''),
    validate: (spec) => (spec.url || spec.connection ? [] : [['url', 'is required']]),
    async run(spec, ctx) {
      const conn = await resolveConnection(spec, ctx.resolve);
      if (!conn.url) return invalid('no url or connection specified');
      const index = String(spec.index ?? '').trim();
      const url = apiUrl(conn.url, `${index ? `/${encodeURIComponent(index)}` : ''}/_search`);
      let body: unknown;
      try {
        body = spec.query ? JSON.parse(String(spec.query)) : { query: { match_all: {} } };
      } catch (err) {
        return invalid(`query is not valid JSON: ${(err as Error).message}`);
      }
      let reply;
      try {
        reply = await callJsonApi({ method: 'POST', url, body, username: conn.username, password: conn.password }, ctx);
      } catch (err) {
        return failed(errorText(err));
      }
      const r = reply.json as { error?: { type?: string; reason?: string }; hits?: { total?: number | { value?: number } } };
      if (reply.status >= 400 || r.error)
        return failed(`Error from ${product}.[${reply.status}]: ${r.error?.type ?? ''}, ${r.error?.reason ?? reply.text.slice(0, 200)}`);
      const total = r.hits?.total;
      const count = typeof total === 'number' ? total : Number(total?.value ?? 0);
      const expected = Number(spec.results ?? 0);
      if (count !== expected) return failed(`Query return ${count} rows, expected ${expected}`, { detail: r });
      return passed({}, { detail: r, message: `${count} hits` });
    },
  };
}

export const elasticsearchCheck = searchCheck('elasticsearch', 'elasticsearch');
export const opensearchCheck = searchCheck('opensearch', 'opensearch');
