// HTTP, Prometheus and Elasticsearch/OpenSearch: a GET with the connection's basic credentials. HTTP
// passes on any 2xx/3xx answer; Prometheus and Elasticsearch must answer their status APIs with the
// JSON those servers send, so a login page or a proxy's 200 does not pass for the service.
import { basicAuth, httpRequest, statusText, type HttpAnswer } from './http-request.js';
import { expandCredentials, requireUrl, safeUrl, type ConnectionTester, type DecryptedConnection, type TestOptions } from './types.js';

function parseUrl(c: DecryptedConnection): URL {
  const text = expandCredentials(requireUrl(c), c);
  try {
    return new URL(text);
  } catch {
    throw new Error(`"${safeUrl(text)}" is not a valid URL`);
  }
}

/** GETs `path` below the connection's URL (credentials in the URL move to the Authorization header). */
async function get(c: DecryptedConnection, path: string, opts: TestOptions): Promise<{ url: URL; answer: HttpAnswer }> {
  const url = parseUrl(c);
  const username = c.username || decodeURIComponent(url.username);
  const password = c.password || decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  if (path) url.pathname = url.pathname.replace(/\/+$/, '') + path;
  const answer = await httpRequest(url, {
    headers: { accept: 'application/json, */*', ...basicAuth(username, password) },
    insecure: c.insecure_tls,
    signal: opts.signal,
  });
  return { url, answer };
}

function json(answer: HttpAnswer): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(answer.body) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const testHttp: ConnectionTester = async (c, opts) => {
  const { url, answer } = await get(c, '', opts);
  if (answer.status < 200 || answer.status > 399) throw new Error(`GET ${url.href} answered ${statusText(answer)}`);
};

export const testPrometheus: ConnectionTester = async (c, opts) => {
  const { url, answer } = await get(c, '/api/v1/status/buildinfo', opts);
  if (answer.status < 200 || answer.status > 299) throw new Error(`GET ${url.href} answered ${statusText(answer)}`);
  const body = json(answer);
  if (body?.status !== 'success') throw new Error(`GET ${url.href} did not answer as Prometheus does (no "status": "success")`);
};

export const testElasticsearch: ConnectionTester = async (c, opts) => {
  const { url, answer } = await get(c, '/_cluster/health', opts);
  if (answer.status < 200 || answer.status > 299) throw new Error(`GET ${url.href} answered ${statusText(answer)}`);
  const body = json(answer);
  if (typeof body?.status !== 'string' || typeof body.cluster_name !== 'string')
    throw new Error(`GET ${url.href} did not answer as Elasticsearch or OpenSearch does (no cluster_name and status)`);
};
