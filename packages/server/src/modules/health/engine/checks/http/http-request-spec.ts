// Turns an http check entry into a concrete call ("hydrate" in canary-checker): env values,
// `$(.var)` templating of the URL, templated body and headers, credentials and TLS settings.
import { rootCertificates } from 'node:tls';
import type { ProbeContext } from '../check-type.js';
import { resolveConnection, resolveEnvList, resolveEnvVar, ResolveError } from '../../values/env-vars.js';
import { renderGoTemplate, renderStructTemplate } from '../../run/expressions.js';
import type { HttpCall } from './http-client.js';
import { readVersion } from '../../../../../version.js';

/** Sent unless the check sets its own; canary-checker's form, which users' tests match on. */
export const USER_AGENT = `canary-checker/${readVersion()} (ops-console)`;
const DEFAULT_MAX_REDIRECTS = 10;

/** The call to make, or a ResolveError (invalid result) naming what is wrong with the spec. */
export async function buildHttpCall(spec: Record<string, unknown>, ctx: ProbeContext): Promise<HttpCall> {
  if (spec.url && spec.endpoint) throw new ResolveError('cannot specify both endpoint and url');
  const env: Record<string, unknown> = { ...ctx.env, ...(await resolveEnvList(spec.env, ctx.resolve, 'env')) };
  const conn = await resolveConnection({ ...spec, url: spec.url || spec.endpoint }, ctx.resolve);
  const rawUrl = conn.url.includes('$(') ? renderStructTemplate(conn.url, env) : conn.url;
  if (!rawUrl) throw new ResolveError('no url or connection specified');
  const url = parseUrl(rawUrl);
  let username = conn.username;
  let password = conn.password;
  if (url.username || url.password) {
    username = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
  }
  const body =
    typeof spec.body === 'string' && spec.body !== '' ? (spec.templateBody ? renderGoTemplate(spec.body, env) : spec.body) : undefined;
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT, 'Accept-Encoding': 'gzip' };
  for (const [i, h] of ((spec.headers as unknown[] | undefined) ?? []).entries()) {
    const name = String((h as { name?: unknown }).name ?? '');
    if (!name) throw new ResolveError(`headers[${i}].name is required`);
    const value = await resolveEnvVar(h, ctx.resolve, `headers[${i}]`);
    headers[name] = value.includes('{{') ? renderGoTemplate(value, env) : value;
  }
  const ntlm = spec.ntlm === true || spec.ntlmv2 === true || conn.properties.ntlm === 'true' || conn.properties.ntlmv2 === 'true';
  const scheme = ntlm ? 'ntlm' : spec.digest === true ? 'digest' : 'basic';
  return {
    method: String(spec.method || 'GET').toUpperCase(),
    url,
    headers,
    body: body === undefined ? undefined : Buffer.from(body),
    tls: await tlsSettings(spec, ctx),
    signal: ctx.signal,
    timeoutMs: ctx.remainingMs(),
    maxRedirects: typeof spec.maxRedirects === 'number' ? spec.maxRedirects : DEFAULT_MAX_REDIRECTS,
    auth: username || password ? { scheme, username, password } : undefined,
    sigv4: spec.awsSigV4 ? await sigv4(spec.awsSigV4 as Record<string, unknown>, ctx) : undefined,
  };
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ResolveError(`invalid url '${text}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ResolveError(`invalid url '${text}': only http and https are supported`);
  return url;
}

async function tlsSettings(spec: Record<string, unknown>, ctx: ProbeContext): Promise<HttpCall['tls']> {
  const t = (spec.tlsConfig ?? {}) as Record<string, unknown>;
  const ca = await resolveEnvVar(t.ca, ctx.resolve, 'tlsConfig.ca');
  const extra = ctx.options.extraCACerts ?? [];
  return {
    rejectUnauthorized: t.insecureSkipVerify !== true,
    ca: ca || extra.length ? [...rootCertificates, ...extra, ...(ca ? [ca] : [])] : undefined,
    cert: (await resolveEnvVar(t.cert, ctx.resolve, 'tlsConfig.cert')) || undefined,
    key: (await resolveEnvVar(t.key, ctx.resolve, 'tlsConfig.key')) || undefined,
  };
}

async function sigv4(s: Record<string, unknown>, ctx: ProbeContext): Promise<NonNullable<HttpCall['sigv4']>> {
  const accessKey = await resolveEnvVar(s.accessKey, ctx.resolve, 'awsSigV4.accessKey');
  const secretKey = await resolveEnvVar(s.secretKey, ctx.resolve, 'awsSigV4.secretKey');
  if (!accessKey || !secretKey) throw new ResolveError('awsSigV4: accessKey and secretKey are required');
  const sessionToken = await resolveEnvVar(s.sessionToken, ctx.resolve, 'awsSigV4.sessionToken');
  return {
    accessKey,
    secretKey,
    sessionToken: sessionToken || undefined,
    region: String(s.region || 'us-east-1'),
    service: String(s.service || 'execute-api'),
  };
}
