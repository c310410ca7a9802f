// http: one request with the HTTP check's client (basic/digest/NTLM auth, redirects, TLS). The URL and
// headers are templates; the body only with `templateBody: true`. `connection` gives the base URL, the
// credentials and the TLS settings. Result {code, headers, body, json?}; a non-2xx answer fails it.
import { z } from 'zod';
import { performHttpCall } from '../../../health/index.js';
import { envValueSchema, envVarSchema, resolveActionEnv, resolveEnvValue } from '../action-env.js';
import { actionConnection } from '../action-connection.js';
import { ActionError, errorMessage, failedOutcome, parseBlock, tail } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';

/** How long a request may take when the action itself sets no timeout (the action's signal stops it sooner). */
export const HTTP_ACTION_MAX_MS = 10 * 60_000;

const credential = z.union([z.string(), envValueSchema]).optional();

const httpSchema = z.object({
  url: z.string().optional(),
  connection: z.string().optional(),
  method: z.string().optional(),
  headers: z
    .union([z.array(envVarSchema), z.record(z.string(), z.string())], { error: 'must be a list of {name, value} or a map' })
    .optional(),
  body: z.string({ error: 'must be text' }).optional(),
  templateBody: z.boolean({ error: 'must be true or false' }).optional(),
  username: credential,
  password: credential,
  digest: z.boolean().optional(),
  ntlm: z.boolean().optional(),
  ntlmv2: z.boolean().optional(),
});
type HttpSpec = z.infer<typeof httpSchema>;

interface Target {
  url: URL;
  username?: string;
  password?: string;
  tls: { rejectUnauthorized: boolean; ca?: string[] };
}

/** Sends the request; see the file comment. */
export const httpAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(httpSchema, block, 'http');
  const target = await targetOf(spec, actx);
  const method = (spec.method?.trim() || (spec.body !== undefined ? 'POST' : 'GET')).toUpperCase();
  const headers = await headersOf(spec, actx);
  const body = spec.body === undefined ? undefined : spec.templateBody ? actx.render(spec.body) : spec.body;
  const user = (await resolveEnvValue(spec.username, actx, 'http.username')) || target.username || '';
  const pass = (await resolveEnvValue(spec.password, actx, 'http.password')) || target.password || '';
  const scheme = spec.ntlm || spec.ntlmv2 ? 'ntlm' : spec.digest ? 'digest' : 'basic';
  let reply;
  try {
    reply = await performHttpCall({
      method,
      url: target.url,
      headers,
      body: body === undefined ? undefined : Buffer.from(body, 'utf8'),
      tls: target.tls,
      signal: actx.signal,
      timeoutMs: HTTP_ACTION_MAX_MS,
      maxRedirects: 10,
      ...(user || pass ? { auth: { scheme, username: user, password: pass } } : {}),
    });
  } catch (err) {
    throw new ActionError(`http: ${method} ${redact(target.url)}: ${errorMessage(err)}`);
  }
  const text = reply.body.toString('utf8');
  const result: Record<string, unknown> = { code: reply.status, headers: reply.headers, body: text };
  if (/\bjson\b/i.test(reply.headers['content-type'] ?? '')) {
    try {
      result.json = JSON.parse(text) as unknown;
    } catch {
      // A body that says JSON but is not stays as text.
    }
  }
  if (reply.status < 200 || reply.status > 299)
    return failedOutcome(
      `http: ${method} ${redact(target.url)} answered ${reply.status}${text.trim() ? `: ${tail(text, 500)}` : ''}`,
      result,
    );
  return { status: 'completed', result };
};

async function targetOf(spec: HttpSpec, actx: ActionContext): Promise<Target> {
  const own = spec.url ? actx.render(spec.url).trim() : '';
  if (!spec.connection) {
    if (!own) throw new ActionError('http.url: is required (or name a connection)');
    return { url: parseUrl(own, 'http.url'), tls: { rejectUnauthorized: true } };
  }
  const c = await actionConnection(actx, actx.render(spec.connection), 'http.connection');
  const base = c.url ?? c.properties.url ?? '';
  if (!own && !base) throw new ActionError(`http.connection: connection ${c.namespace}/${c.name} has no URL; set http.url`);
  const url = !own
    ? parseUrl(base, 'http.connection')
    : /^[a-z][a-z0-9+.-]*:\/\//i.test(own)
      ? parseUrl(own, 'http.url')
      : joinUrl(base, own);
  const tls = { rejectUnauthorized: !c.insecure_tls, ...(c.certificate?.includes('BEGIN CERTIFICATE') ? { ca: [c.certificate] } : {}) };
  return { url, username: c.username, password: c.password, tls };
}

function joinUrl(base: string, path: string): URL {
  const u = parseUrl(base, 'http.connection');
  u.pathname = u.pathname.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '').split('?')[0];
  const q = path.indexOf('?');
  if (q >= 0) u.search = path.slice(q);
  return u;
}

function parseUrl(text: string, field: string): URL {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new ActionError(`${field}: "${text}" is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ActionError(`${field}: only http and https URLs are supported`);
  return u;
}

async function headersOf(spec: HttpSpec, actx: ActionContext): Promise<Record<string, string>> {
  if (!spec.headers) return {};
  if (!Array.isArray(spec.headers)) return Object.fromEntries(Object.entries(spec.headers).map(([k, v]) => [k, actx.render(v)]));
  return resolveActionEnv(spec.headers, actx, 'http.headers');
}

/** The URL as errors show it: without a password. */
function redact(u: URL): string {
  if (!u.password) return u.toString();
  const copy = new URL(u);
  copy.password = '***';
  return copy.toString();
}
