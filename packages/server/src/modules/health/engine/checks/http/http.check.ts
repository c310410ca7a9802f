// http: requests a URL and checks the response code (default 2xx), time, content and the TLS
// certificate's remaining validity. Result variables: code, headers, elapsed, sslAge, json, content.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { DurationValue } from '../../values/duration-value.js';
import { formatMs } from '../../values/durations.js';
import { performHttpCall, type HttpResult } from './http-client.js';
import { buildHttpCall } from './http-request-spec.js';
import { jsonPathText } from '../../run/expressions.js';

const DAY_MS = 86_400_000;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

export const httpCheck: CheckType = {
  type: 'http',
  schema: RUNNABLE_CHECK_SCHEMAS.http,
  endpoint: (spec) => String(spec.url || spec.endpoint || spec.connection || '').replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:###@'),
  validate(spec) {
    const problems: Array<[string, string]> = [];
    if (!spec.url && !spec.endpoint && !spec.connection) problems.push(['url', 'is required']);
    if (spec.url && spec.endpoint) problems.push(['endpoint', 'cannot specify both endpoint and url']);
    if (spec.method && !METHODS.includes(String(spec.method).toUpperCase()))
      problems.push(['method', `must be one of ${METHODS.join(', ')}`]);
    if (spec.crawl) problems.push(['crawl', 'crawling is not supported here']);
    if (spec.oauth2) problems.push(['oauth2', 'OAuth2 client credentials are not supported here']);
    return problems;
  },
  async run(spec, ctx) {
    let call;
    try {
      call = await buildHttpCall(spec, ctx);
    } catch (err) {
      return invalid(errorText(err));
    }
    // Like canary-checker, thresholdMillis is also the request timeout: no point waiting longer.
    const threshold = Number(spec.thresholdMillis ?? 0);
    if (threshold > 0 && threshold < call.timeoutMs) call.timeoutMs = threshold;
    const started = performance.now();
    let res: HttpResult;
    try {
      res = await performHttpCall(call);
    } catch (err) {
      const timedOut = threshold > 0 && performance.now() - started >= threshold && !ctx.signal.aborted;
      return failed(timedOut ? `threshold exceeded: no response within ${threshold}ms` : errorText(err));
    }
    const elapsed = performance.now() - started;
    const data = responseData(res, elapsed);
    const extra = {
      duration: elapsed,
      data,
      metrics: [
        { name: 'response_code', type: 'counter' as const, value: 1, labels: { code: String(res.status), url: call.url.toString() } },
      ],
    };
    if (data.jsonError && !hasTest(spec)) return failed(`invalid json response: ${data.jsonError}`, extra);
    delete data.jsonError;
    const codes = (spec.responseCodes as number[] | undefined) ?? [];
    if (codes.length === 0 ? res.status < 200 || res.status > 299 : !codes.includes(res.status))
      return failed(
        codes.length === 0 ? `expected ${res.status} to be 200..299` : `expected ${res.status} to be in [${codes.join(' ')}]`,
        extra,
      );
    if (threshold > 0 && elapsed > threshold) return failed(`threshold exceeded ${formatMs(elapsed)} > ${threshold}`, extra);
    const content = String(spec.responseContent ?? '');
    if (content !== '' && !String(data.content).includes(content))
      return failed(`expected ${content}, found ${truncate(String(data.content))}`, extra);
    const jsonContent = spec.responseJSONContent as { path?: string; value?: string } | undefined;
    if (jsonContent?.path) {
      const found = jsonPathText(jsonContent.path, data.json);
      if (found !== String(jsonContent.value ?? ''))
        return failed(`expected ${jsonContent.path} to be ${String(jsonContent.value ?? '')}, found ${found}`, extra);
    }
    const maxExpiry = Number(spec.maxSSLExpiry ?? 0);
    if (maxExpiry > 0) {
      if (!res.certificate) return failed('No certificate found to check age', extra);
      const left = res.certificate.validTo.getTime() - Date.now();
      if (left < maxExpiry * DAY_MS) return failed(`SSL certificate expires soon ${formatMs(Math.max(0, left))} > ${maxExpiry}`, extra);
    }
    return passed(data, { ...extra, message: `${res.status} in ${formatMs(elapsed)}` });
  },
};

/** The result variables, named and shaped as canary-checker exposes them. */
function responseData(res: HttpResult, elapsed: number): Record<string, unknown> & { jsonError?: string } {
  const content = res.body.toString('utf8');
  const data: Record<string, unknown> & { jsonError?: string } = {
    code: res.status,
    headers: canonicalHeaders(res.headers),
    elapsed: new DurationValue(elapsed),
    sslAge: new DurationValue(res.certificate ? res.certificate.validTo.getTime() - Date.now() : 0),
    json: {},
    content,
  };
  if (/json/i.test(res.headers['content-type'] ?? '')) {
    try {
      data.json = JSON.parse(content);
    } catch (err) {
      data.jsonError = (err as Error).message;
    }
  }
  return data;
}

// Header names seen so far, canonicalised once: every run of a check gets the same few names back, and the
// regular expression with a callback was a visible share of a run's CPU. Bounded against odd servers.
const canonicalNames = new Map<string, string>();
const MAX_NAMES = 1_000;

/** Go's CanonicalMIMEHeaderKey: "content-type" → "Content-Type". */
function canonicalHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in headers) {
    let name = canonicalNames.get(k);
    if (name === undefined) {
      name = k.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
      if (canonicalNames.size < MAX_NAMES) canonicalNames.set(k, name);
    }
    out[name] = headers[k]!;
  }
  return out;
}

function hasTest(spec: Record<string, unknown>): boolean {
  const t = spec.test as Record<string, unknown> | undefined;
  return !!t && Object.values(t).some((v) => typeof v === 'string' && v !== '');
}

function truncate(s: string): string {
  return s.length > 200 ? s.slice(0, 200) + '…' : s;
}
