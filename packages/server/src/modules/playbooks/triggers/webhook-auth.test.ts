// Webhook authentication against real signatures: basic credentials, GitHub's X-Hub-Signature-256, Svix
// signatures and timestamps, and JWTs verified against a JWKS served on loopback.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJwksPeer, type JwksPeer } from './jwks-peer.js';
import { svixToleranceMs, webhookAuthFailure, type WebhookCall } from './webhook-auth.js';

const body = Buffer.from('{"action":"opened","number":7}');
const call = (headers: Record<string, string>, b = body): WebhookCall => ({ headers, body: b });
const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });

describe('basic', () => {
  const auth = { basic: { username: { value: 'my-username' }, password: { value: 'my-password' } } };
  it('accepts the right credentials and refuses wrong, partial or missing ones', async () => {
    expect(await webhookAuthFailure(auth, call(basic('my-username', 'my-password')), 'default')).toBeUndefined();
    expect(await webhookAuthFailure(auth, call(basic('my-username', 'wrong')), 'default')).toBe('wrong username or password');
    expect(await webhookAuthFailure(auth, call(basic('other', 'my-password')), 'default')).toBe('wrong username or password');
    expect(
      await webhookAuthFailure(auth, call({ authorization: `Basic ${Buffer.from('my-username').toString('base64')}` }), 'default'),
    ).toBe('wrong username or password');
    expect(await webhookAuthFailure(auth, call({}), 'default')).toBe('basic credentials required');
  });

  it('reads credentials from the static secret source', async () => {
    process.env.OPS_SECRET_HOOK_CREDS_PASSWORD = 's3cret';
    const fromSecret = { basic: { username: 'u', password: { valueFrom: { secretKeyRef: { name: 'hook-creds', key: 'password' } } } } };
    expect(await webhookAuthFailure(fromSecret, call(basic('u', 's3cret')), 'default')).toBeUndefined();
    const missing = { basic: { username: 'u', password: { valueFrom: { secretKeyRef: { name: 'hook-creds', key: 'nope' } } } } };
    await expect(webhookAuthFailure(missing, call(basic('u', 's3cret')), 'default')).rejects.toThrow(
      'spec.on.webhook.authentication.basic.password.valueFrom: secret "default/hook-creds" has no key "nope"',
    );
  });
});

describe('github', () => {
  const auth = { github: { token: { value: 'gh-token' } } };
  const sig = (token: string, b: Buffer) => `sha256=${createHmac('sha256', token).update(b).digest('hex')}`;
  it('accepts the HMAC of the body with the token and refuses another token, another body or none', async () => {
    expect(await webhookAuthFailure(auth, call({ 'x-hub-signature-256': sig('gh-token', body) }), 'default')).toBeUndefined();
    expect(await webhookAuthFailure(auth, call({ 'x-hub-signature-256': sig('other', body) }), 'default')).toMatch(/does not match/);
    expect(await webhookAuthFailure(auth, call({ 'x-hub-signature-256': sig('gh-token', body) }, Buffer.from('{}')), 'default')).toMatch(
      /does not match/,
    );
    expect(await webhookAuthFailure(auth, call({}), 'default')).toBe('X-Hub-Signature-256 header required');
  });
});

describe('svix', () => {
  const key = Buffer.from('svix-test-key-32-bytes-long!!!!!');
  const secret = `whsec_${key.toString('base64')}`;
  const sign = (id: string, ts: number, b: Buffer, k = key) =>
    `v1,${createHmac('sha256', k).update(`${id}.${ts}.`).update(b).digest('base64')}`;
  const headers = (ts: number, signature: string) => ({ 'svix-id': 'msg_1', 'svix-timestamp': String(ts), 'svix-signature': signature });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a signature of id, timestamp and body, among several (a secret rotating)', async () => {
    const auth = { svix: { secret: { value: secret } } };
    const ts = now();
    expect(await webhookAuthFailure(auth, call(headers(ts, sign('msg_1', ts, body))), 'default')).toBeUndefined();
    const rotating = `v1,${Buffer.alloc(32).toString('base64')} ${sign('msg_1', ts, body)}`;
    expect(await webhookAuthFailure(auth, call(headers(ts, rotating)), 'default')).toBeUndefined();
  });

  it('refuses another key, a changed body, a missing header and an old timestamp unless told not to check it', async () => {
    const auth = { svix: { secret: secret } };
    const ts = now();
    expect(await webhookAuthFailure(auth, call(headers(ts, sign('msg_1', ts, body, Buffer.from('another key')))), 'default')).toMatch(
      /does not match/,
    );
    expect(await webhookAuthFailure(auth, call(headers(ts, sign('msg_1', ts, body)), Buffer.from('{}')), 'default')).toMatch(
      /does not match/,
    );
    expect(await webhookAuthFailure(auth, call({ 'svix-id': 'msg_1' }), 'default')).toMatch(/headers required/);
    const old = ts - 3600;
    expect(await webhookAuthFailure(auth, call(headers(old, sign('msg_1', old, body))), 'default')).toMatch(/outside the allowed window/);
    const unchecked = { svix: { secret, verifyTimestamp: 'false' } };
    expect(await webhookAuthFailure(unchecked, call(headers(old, sign('msg_1', old, body))), 'default')).toBeUndefined();
    const wide = { svix: { secret, verifyTimestamp: '2h' } };
    expect(await webhookAuthFailure(wide, call(headers(old, sign('msg_1', old, body))), 'default')).toBeUndefined();
  });

  it('reads verifyTimestamp as a window', () => {
    expect(svixToleranceMs(undefined)).toBe(300_000);
    expect(svixToleranceMs('10m')).toBe(600_000);
    expect(svixToleranceMs('false')).toBeUndefined();
  });
});

describe('jwt', () => {
  let jwks: JwksPeer;
  beforeAll(async () => {
    jwks = await startJwksPeer();
  });
  afterAll(() => jwks?.close());

  it('accepts a token signed by a key of the JWKS and refuses a foreign, expired, garbled or missing one', async () => {
    const auth = { jwt: { jwksURI: jwks.url } };
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    expect(await webhookAuthFailure(auth, call(bearer(await jwks.sign())), 'default')).toBeUndefined();
    expect(await webhookAuthFailure(auth, call(bearer(await jwks.sign({}, { foreign: true }))), 'default')).toMatch(/^JWT refused/);
    expect(await webhookAuthFailure(auth, call(bearer(await jwks.sign({}, { expiresIn: '-1m' }))), 'default')).toMatch(/^JWT refused.*exp/);
    expect(await webhookAuthFailure(auth, call(bearer('not.a.jwt')), 'default')).toMatch(/^JWT refused/);
    expect(await webhookAuthFailure(auth, call({}), 'default')).toBe('a Bearer JWT is required');
    expect(jwks.fetches()).toBeGreaterThanOrEqual(1);
  });
});

it('lets anyone call a webhook without an authentication block', async () => {
  expect(await webhookAuthFailure(undefined, call({}), 'default')).toBeUndefined();
});
