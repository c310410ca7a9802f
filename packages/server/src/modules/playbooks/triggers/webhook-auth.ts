// Who may call a playbook's webhook: the spec's `on.webhook.authentication` (basic credentials, a JWT signed by
// a key of a JWKS, a GitHub X-Hub-Signature-256 HMAC of the body, or a Svix signature). No block: anyone.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { parseDurationMs } from '../../../scheduling/index.js';
import { resolveEnvValue } from './env-value.js';
import type { WebhookAuthDecl } from './trigger-spec.js';

/** What authentication reads of a request: its headers (lower-case names) and the body as sent. */
export interface WebhookCall {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Svix's default window for the signed timestamp: a replayed request older than this is refused. */
export const SVIX_TOLERANCE_MS = 5 * 60_000;

/**
 * Why the call is refused (a short reason for the log and the 401), or undefined when it may run.
 * Credentials are compared in constant time; a credential the server cannot read refuses the call.
 */
export async function webhookAuthFailure(
  auth: WebhookAuthDecl | undefined,
  call: WebhookCall,
  namespace: string,
): Promise<string | undefined> {
  if (!auth) return undefined;
  const field = 'spec.on.webhook.authentication';
  if (auth.basic) {
    const user = await resolveEnvValue(auth.basic.username, namespace, `${field}.basic.username`);
    const pass = await resolveEnvValue(auth.basic.password, namespace, `${field}.basic.password`);
    return basicFailure(header(call, 'authorization'), user, pass);
  }
  if (auth.github) return githubFailure(call, await resolveEnvValue(auth.github.token, namespace, `${field}.github.token`));
  if (auth.svix) {
    const secret = await resolveEnvValue(auth.svix.secret, namespace, `${field}.svix.secret`);
    return svixFailure(call, secret, svixToleranceMs(auth.svix.verifyTimestamp));
  }
  if (auth.jwt) return jwtFailure(header(call, 'authorization'), auth.jwt.jwksURI ?? '');
  return undefined;
}

function header(call: WebhookCall, name: string): string {
  const v = call.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function basicFailure(authorization: string, user: string, pass: string): string | undefined {
  const [scheme, value = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() !== 'basic') return 'basic credentials required';
  const decoded = Buffer.from(value.trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // Both compared, whatever the first says, so the time taken tells nothing.
  const userOk = sameText(colon < 0 ? decoded : decoded.slice(0, colon), user);
  const passOk = sameText(colon < 0 ? '' : decoded.slice(colon + 1), pass);
  return userOk && passOk && colon >= 0 ? undefined : 'wrong username or password';
}

function githubFailure(call: WebhookCall, token: string): string | undefined {
  const sent = header(call, 'x-hub-signature-256');
  if (!sent.startsWith('sha256=')) return 'X-Hub-Signature-256 header required';
  const expected = `sha256=${createHmac('sha256', token).update(call.body).digest('hex')}`;
  return sameText(sent, expected) ? undefined : 'X-Hub-Signature-256 does not match the body';
}

/** The timestamp window of `verifyTimestamp`: a duration, 'false' to skip the check, unset for Svix's 5 minutes. */
export function svixToleranceMs(v: string | boolean | undefined): number | undefined {
  if (v === undefined || v === true || v === '' || v === 'true') return SVIX_TOLERANCE_MS;
  if (v === false || v === 'false') return undefined;
  return parseDurationMs(v) ?? SVIX_TOLERANCE_MS;
}

function svixFailure(call: WebhookCall, secret: string, toleranceMs: number | undefined): string | undefined {
  const id = header(call, 'svix-id');
  const timestamp = header(call, 'svix-timestamp');
  const signatures = header(call, 'svix-signature');
  if (!id || !timestamp || !signatures) return 'svix-id, svix-timestamp and svix-signature headers required';
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds)) return 'svix-timestamp is not a Unix time in seconds';
  if (toleranceMs !== undefined && Math.abs(Date.now() - seconds * 1000) > toleranceMs)
    return 'svix-timestamp is outside the allowed window';
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(call.body).digest('base64');
  // Several space-separated `v1,<base64>` entries while a secret rotates: any one may match.
  const ok = signatures.split(' ').some((entry) => {
    const [version, sig = ''] = entry.split(',', 2);
    return version === 'v1' && sameText(sig, expected);
  });
  return ok ? undefined : 'svix-signature does not match the body';
}

// One key set per JWKS address, kept by jose (fetched when first needed, refreshed on an unknown key id).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const MAX_KEY_SETS = 100;

async function jwtFailure(authorization: string, jwksURI: string): Promise<string | undefined> {
  const [scheme, token = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() !== 'bearer' || !token) return 'a Bearer JWT is required';
  let url: URL;
  try {
    url = new URL(jwksURI);
  } catch {
    return 'spec.on.webhook.authentication.jwt.jwksURI is not a URL';
  }
  let keys = keySets.get(url.href);
  if (!keys) {
    if (keySets.size >= MAX_KEY_SETS) keySets.delete(keySets.keys().next().value!);
    keys = createRemoteJWKSet(url, { timeoutDuration: 5_000 });
    keySets.set(url.href, keys);
  }
  try {
    await jwtVerify(token.trim(), keys);
    return undefined;
  } catch (err) {
    return `JWT refused: ${(err as Error).message}`;
  }
}
