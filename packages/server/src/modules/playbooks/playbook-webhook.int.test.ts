// Webhook triggers through HTTP on a real server: the conformance fixtures webhook-get.yaml (no
// authentication; the query parameter reaches the script) and webhook-trigger.yaml (basic credentials), a
// GitHub HMAC, a Svix signature and a JWT checked against a JWKS on loopback. A refused call runs nothing.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { startJwksPeer, type JwksPeer } from './triggers/jwks-peer.js';
import { applyPlaybook, finishedRun, runsOf } from './triggers/trigger-test-helpers.js';

const FIXTURES = '/work/shared/conformance/mission-control/fixtures/playbooks';
const echo = (name: string, path: string, authentication?: object) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Playbook',
  metadata: { name },
  spec: {
    on: { webhook: { path, ...(authentication ? { authentication } : {}) } },
    actions: [{ name: 'echo', exec: { script: 'echo "got {{.request.json.n}}"' } }],
  },
});

let s: TestServer;
let jwks: JwksPeer;
beforeAll(async () => {
  [s, jwks] = await Promise.all([startTestServer(), startJwksPeer()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), jwks?.close()]);
});

// Anonymous calls, as a webhook sender makes them (no session, no Basic of ours).
const call = (path: string, init: RequestInit = {}) =>
  s.json<{ run_id?: string; message?: string }>(`/api/playbook/webhook/${path}`, { ...init, as: null });

describe('webhook-get.yaml', () => {
  it('runs on a GET without credentials, the query parameter in .request.params', async () => {
    const [id] = await applyPlaybook(s, readFileSync(`${FIXTURES}/webhook-get.yaml`, 'utf8'));
    const res = await call('hello-webhook?name=world');
    expect(res.status).toBe(200);
    const runs = await runsOf(s, id!);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: res.body.run_id, trigger: 'webhook', config_id: null });
    expect(runs[0]!.request).toMatchObject({ method: 'GET', params: { name: 'world' }, content: '' });
    expect(await finishedRun(s, res.body.run_id!)).toEqual({ status: 'completed', stdout: ['Hello world\n'] });
    // A HEAD starts nothing.
    expect((await s.request('/api/playbook/webhook/hello-webhook?name=head', { method: 'HEAD', as: null })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect(await runsOf(s, id!)).toHaveLength(1);
  });

  it('answers 404 for a path no playbook has', async () => {
    const res = await call('no-such-hook');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No playbook has the webhook path "no-such-hook"');
  });
});

describe('webhook-trigger.yaml (basic)', () => {
  let id: string;
  beforeAll(async () => {
    id = (await applyPlaybook(s, readFileSync(`${FIXTURES}/webhook-trigger.yaml`, 'utf8')))[0]!;
  });
  const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

  it('refuses no and wrong credentials with 401 and runs nothing', async () => {
    expect((await call('my-webhook', { method: 'POST' })).status).toBe(401);
    expect((await call('my-webhook', { method: 'POST', headers: basic('my-username', 'nope') })).status).toBe(401);
    // A user of ours is not the webhook's caller either.
    expect((await call('my-webhook', { method: 'POST', headers: basic('admin@test.local', 'test-password-1') })).status).toBe(401);
    expect(await runsOf(s, id)).toEqual([]);
  });

  it('runs with the right credentials, the body kept with the run without the credentials', async () => {
    const res = await call('my-webhook', {
      method: 'POST',
      headers: { ...basic('my-username', 'my-password'), 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'there' }),
    });
    expect(res.status).toBe(200);
    const runs = await runsOf(s, id);
    expect(runs.map((r) => r.id)).toEqual([res.body.run_id]);
    expect(runs[0]!.request).toMatchObject({ method: 'POST', json: { hello: 'there' }, content: '{"hello":"there"}' });
    expect(runs[0]!.request!.headers).not.toHaveProperty('authorization');
  });
});

describe('signed webhooks', () => {
  const body = JSON.stringify({ n: 42 });
  const post = (path: string, headers: Record<string, string>) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('GitHub: a good X-Hub-Signature-256 runs, a bad one is 401 and runs nothing', async () => {
    const [id] = await applyPlaybook(s, echo('gh-hook', 'gh-hook', { github: { token: { value: 'gh-secret' } } }));
    const sig = (token: string) => `sha256=${createHmac('sha256', token).update(body).digest('hex')}`;
    expect((await post('gh-hook', { 'x-hub-signature-256': sig('wrong') })).status).toBe(401);
    expect(await runsOf(s, id!)).toEqual([]);
    const ok = await post('gh-hook', { 'x-hub-signature-256': sig('gh-secret') });
    expect(ok.status).toBe(200);
    expect(await finishedRun(s, ok.body.run_id!)).toEqual({ status: 'completed', stdout: ['got 42\n'] });
  });

  it('Svix: a good signature runs, a bad one is 401 and runs nothing', async () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const [id] = await applyPlaybook(s, echo('svix-hook', 'svix-hook', { svix: { secret: { value: `whsec_${key.toString('base64')}` } } }));
    const ts = String(Math.floor(Date.now() / 1000));
    const sign = (k: Buffer) => `v1,${createHmac('sha256', k).update(`msg_1.${ts}.${body}`).digest('base64')}`;
    const headers = (sig: string) => ({ 'svix-id': 'msg_1', 'svix-timestamp': ts, 'svix-signature': sig });
    expect((await post('svix-hook', headers(sign(Buffer.from('another key'))))).status).toBe(401);
    expect(await runsOf(s, id!)).toEqual([]);
    const ok = await post('svix-hook', headers(sign(key)));
    expect(ok.status).toBe(200);
    expect(await finishedRun(s, ok.body.run_id!)).toEqual({ status: 'completed', stdout: ['got 42\n'] });
  });

  it('JWT: a token signed by a key of the JWKS runs, a foreign one is 401 and runs nothing', async () => {
    const [id] = await applyPlaybook(s, echo('jwt-hook', 'jwt-hook', { jwt: { jwksURI: jwks.url } }));
    expect((await post('jwt-hook', { authorization: `Bearer ${await jwks.sign({}, { foreign: true })}` })).status).toBe(401);
    expect((await post('jwt-hook', {})).status).toBe(401);
    expect(await runsOf(s, id!)).toEqual([]);
    const ok = await post('jwt-hook', { authorization: `Bearer ${await jwks.sign()}` });
    expect(ok.status).toBe(200);
    expect(await finishedRun(s, ok.body.run_id!)).toEqual({ status: 'completed', stdout: ['got 42\n'] });
  });
});

describe('what a webhook run keeps and obeys', () => {
  it('keeps a body that is not JSON as text, and a run of a playbook with approvers waits for them', async () => {
    const doc = echo('approved-hook', 'approved-hook');
    const [id] = await applyPlaybook(s, { ...doc, spec: { ...doc.spec, approval: { approvers: { people: ['admin@test.local'] } } } });
    const res = await call('approved-hook?x=1&x=2', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain words' });
    expect(res.status).toBe(200);
    const [run] = await runsOf(s, id!);
    expect(run).toMatchObject({ id: res.body.run_id, status: 'pending_approval', trigger: 'webhook' });
    expect(run!.request).toMatchObject({ method: 'POST', content: 'plain words', params: { x: '1' } });
    expect(run!.request).not.toHaveProperty('json');
  });
});
