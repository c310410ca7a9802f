import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFlowSchema, UI_MESSAGES } from '@ops/shared';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server.js';
import { FlowClient, messageIds, node, nodeValue, type FlowJson } from '../testing/flow-client.js';
import { scanQrSvg } from '../testing/scan-qr-svg.js';
import { SoftAuthenticator } from '../testing/soft-authenticator.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

let n = 0;
async function newUser(): Promise<{ email: string; id: string }> {
  const email = `mfa${++n}@test.local`;
  const id = await s.ctx.identity.createUser({ firstName: 'Mfa', lastName: String(n), email, password: TEST_PASSWORD, roles: ['editor'] });
  return { email, id };
}

async function passwordSignIn(email: string): Promise<{ c: FlowClient; res: { status: number; body: Record<string, unknown> } }> {
  const c = new FlowClient(s.url);
  const flow = (await c.createFlow('login')).body;
  return { c, res: await c.submit(flow, { method: 'password', identifier: email, password: TEST_PASSWORD }) };
}

async function settings(c: FlowClient): Promise<FlowJson> {
  const r = await c.createFlow('settings');
  expect(r.status).toBe(200);
  return r.body;
}

const totpSecret = (flow: FlowJson) => {
  const n = node(flow, 'totp_secret_key');
  return n?.attributes.node_type === 'text' ? String(n.attributes.text.context?.secret) : '';
};
const code = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe('TOTP', () => {
  it('enrols with a ±1 step window, then requires the code at sign-in (aal2), refusing wrong and replayed codes', async () => {
    const u = await newUser();
    const { c } = await passwordSignIn(u.email);
    const flow = settingsFlowSchema.parse(await settings(c)) as unknown as FlowJson;
    const qr = node(flow, 'totp_qr');
    expect(qr?.attributes).toMatchObject({ node_type: 'img', width: 256 });
    expect(qr?.attributes.node_type === 'img' && qr.attributes.src).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = totpSecret(flow);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code scans to the otpauth URL of that same secret, as an authenticator app reads it.
    const scanned = new URL(scanQrSvg(qr?.attributes.node_type === 'img' ? qr.attributes.src : '') ?? 'x:');
    expect([scanned.protocol, scanned.host, scanned.searchParams.get('secret')]).toEqual(['otpauth:', 'totp', secret]);

    const tooOld = await c.submit<FlowJson>(flow, { method: 'totp', totp_code: await code(secret, -90) });
    expect(tooOld.status).toBe(400);
    expect(node(tooOld.body, 'totp_code')?.messages[0]).toMatchObject({
      id: 4000008,
      text: 'The provided authentication code is invalid, please try again.',
    });
    const aal1Cookie = c.jar.get('ops_session');
    const ok = await c.submit<FlowJson>(flow, { method: 'totp', totp_code: await code(secret, -30) });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('success');
    expect(messageIds(ok.body)).toContain(UI_MESSAGES.settingsSaved.id);
    expect(node(ok.body, 'totp_unlink')).toBeDefined();
    // Enrolling raised this session to aal2 under a new id; the person stays signed in.
    expect(c.jar.get('ops_session')).not.toBe(aal1Cookie);
    expect((await c.json('/api/auth/whoami')).status).toBe(200);

    // A password alone is no longer enough.
    const basic = await fetch(`${s.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`${u.email}:${TEST_PASSWORD}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    const baseline = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: TEST_PASSWORD }),
    });
    expect(baseline.status).toBe(403);

    const second = await passwordSignIn(u.email);
    expect(second.res.status).toBe(200);
    expect(second.res.body.continue_with).toEqual([{ action: 'redirect_browser_to', redirect_browser_to: '/login?aal=aal2' }]);
    expect((await second.c.json('/api/auth/whoami')).status).toBe(401);
    const check = await second.c.json<{ error: { id: string }; redirect_browser_to: string }>(
      '/api/auth/sessions/whoami?return_to=/health',
    );
    expect(check.status).toBe(403);
    expect(check.body.error.id).toBe('session_aal2_required');
    expect(check.body.redirect_browser_to).toBe('/login?aal=aal2&return_to=%2Fhealth');

    const aal2 = (await second.c.createFlow('login', 'aal=aal2')).body;
    expect(aal2.requested_aal).toBe('aal2');
    expect(messageIds(aal2)).toContain(UI_MESSAGES.loginMfa.id);
    expect(node(aal2, 'password')).toBeUndefined();
    const valid = new Set([await code(secret, -30), await code(secret), await code(secret, 30)]);
    const wrongCode = ['000000', '111111', '222222'].find((x) => !valid.has(x))!;
    const wrong = await second.c.submit<FlowJson>(aal2, { method: 'totp', totp_code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(node(wrong.body, 'totp_code')?.messages[0]?.id).toBe(4000008);
    expect((await second.c.json('/api/auth/whoami')).status).toBe(401);
    // The password strategy is not offered in an aal2 flow.
    expect((await second.c.submit<FlowJson>(aal2, { method: 'password', identifier: u.email, password: TEST_PASSWORD })).status).toBe(400);

    const before = second.c.jar.get('ops_session');
    const current = await code(secret);
    const done = await second.c.submit<{
      session: { authenticator_assurance_level: string; authentication_methods: { method: string }[] };
    }>(aal2, { method: 'totp', totp_code: current });
    expect(done.status).toBe(200);
    expect(done.body.session.authenticator_assurance_level).toBe('aal2');
    expect(done.body.session.authentication_methods.map((m) => m.method)).toEqual(['password', 'totp']);
    expect(second.c.jar.get('ops_session')).not.toBe(before);
    expect((await second.c.json('/api/auth/whoami')).status).toBe(200);

    // The same code cannot be used again (replay), even in another browser.
    const third = await passwordSignIn(u.email);
    const aal2b = (await third.c.createFlow('login', 'aal=aal2')).body;
    const replay = await third.c.submit<FlowJson>(aal2b, { method: 'totp', totp_code: current });
    expect(replay.status).toBe(400);
    expect(node(replay.body, 'totp_code')?.messages[0]?.id).toBe(4000008);
  });

  it('asks to re-authenticate (session_refresh_required) when the session is older than the privileged window', async () => {
    const u = await newUser();
    const { c } = await passwordSignIn(u.email);
    const flow = await settings(c);
    await s.db.pool.query(`update sessions set authenticated_at = now() - interval '1 hour' where person_id = $1`, [u.id]);
    const r = await c.submit<{ error: { id: string }; redirect_browser_to: string }>(flow, {
      method: 'totp',
      totp_code: await code(totpSecret(flow)),
    });
    expect(r.status).toBe(403);
    expect(r.body.error.id).toBe('session_refresh_required');
    expect(r.body.redirect_browser_to).toBe(`/login?refresh=true&return_to=${encodeURIComponent(`/profile-settings?flow=${flow.id}`)}`);
    const creds = await s.db.pool.query(`select count(*)::int as n from identity_credentials where identity_id = $1 and type = 'totp'`, [
      u.id,
    ]);
    expect(creds.rows[0].n).toBe(0);
  });

  it('needs a session for settings (401 session_inactive)', async () => {
    const r = await new FlowClient(s.url).createFlow('settings');
    expect(r.status).toBe(401);
    expect((r.body as unknown as { error: { id: string } }).error.id).toBe('session_inactive');
  });
});

describe('backup recovery codes', () => {
  it('are shown once, stored hashed, and each works once at aal2', async () => {
    const u = await newUser();
    const { c } = await passwordSignIn(u.email);
    const flow = await settings(c);
    const gen = await c.submit<FlowJson>(flow, { method: 'lookup_secret', lookup_secret_regenerate: true });
    expect(gen.status).toBe(200);
    const list = node(gen.body, 'lookup_secret_codes');
    const codes = list?.attributes.node_type === 'text' ? list.attributes.text.text.split(', ') : [];
    expect(codes).toHaveLength(12);
    expect(list?.meta.label?.text).toBe('These are your back up recovery codes. Please keep them in a safe place!');
    const confirm = await c.submit<FlowJson>(gen.body, { method: 'lookup_secret', lookup_secret_confirm: 'true' });
    expect(confirm.status).toBe(200);
    expect(node(confirm.body, 'lookup_secret_codes')).toBeUndefined();
    const stored = await s.db.pool.query(
      `select config::text as c from identity_credentials where identity_id = $1 and type = 'lookup_secret'`,
      [u.id],
    );
    for (const x of codes) expect(stored.rows[0].c).not.toContain(x);

    const first = await passwordSignIn(u.email);
    const aal2 = (await first.c.createFlow('login', 'aal=aal2')).body;
    expect(node(aal2, 'lookup_secret')).toBeDefined();
    const bad = await first.c.submit<FlowJson>(aal2, { method: 'lookup_secret', lookup_secret: 'zzzzzzzz' });
    expect(node(bad.body, 'lookup_secret')?.messages[0]).toMatchObject({ id: 4000016, text: 'The backup recovery code is not valid.' });
    expect((await first.c.submit(aal2, { method: 'lookup_secret', lookup_secret: codes[0] })).status).toBe(200);

    const again = await passwordSignIn(u.email);
    const aal2b = (await again.c.createFlow('login', 'aal=aal2')).body;
    const reused = await again.c.submit<FlowJson>(aal2b, { method: 'lookup_secret', lookup_secret: codes[0] });
    expect(reused.status).toBe(400);
    expect(node(reused.body, 'lookup_secret')?.messages[0]).toMatchObject({
      id: 4000012,
      text: 'This backup recovery code has already been used.',
    });
    expect((await again.c.json('/api/auth/whoami')).status).toBe(401);
    expect((await again.c.submit(aal2b, { method: 'lookup_secret', lookup_secret: codes[1] })).status).toBe(200);
  });
});

describe('WebAuthn', () => {
  it('registers a key (attestation none, ES256) and signs in with an assertion; a bad signature is refused', async () => {
    const u = await newUser();
    const { c } = await passwordSignIn(u.email);
    const flow = await settings(c);
    const trigger = node(flow, 'webauthn_register_trigger');
    expect(trigger?.attributes).toMatchObject({ type: 'button', onclickTrigger: 'oryWebAuthnRegistration' });
    const options = JSON.parse(String(nodeValue(flow, 'webauthn_register_trigger')));
    expect(options.rp.id).toBe('127.0.0.1');
    const key = new SoftAuthenticator(s.url);
    const noName = await c.submit<FlowJson>(flow, { method: 'webauthn', webauthn_register: JSON.stringify(key.register(options)) });
    expect(noName.status).toBe(400);
    const reg = await c.submit<FlowJson>(noName.body, {
      method: 'webauthn',
      webauthn_register: JSON.stringify(key.register(options)),
      webauthn_register_displayname: 'YubiKey',
    });
    expect(reg.status).toBe(200);
    const remove = node(reg.body, 'webauthn_remove');
    expect(remove?.meta.label?.text).toBe('Remove security key "YubiKey"');

    const next = await passwordSignIn(u.email);
    const aal2 = (await next.c.createFlow('login', 'aal=aal2')).body;
    const request = JSON.parse(String(nodeValue(aal2, 'webauthn_login_trigger')));
    expect(request.allowCredentials[0].id).toBe(key.credentialId.toString('base64url'));
    const forged = await next.c.submit<FlowJson>(aal2, {
      method: 'webauthn',
      webauthn_login: JSON.stringify(key.assert(request, { tamper: true })),
    });
    expect(forged.status).toBe(400);
    expect(messageIds(forged.body)).toContain(4000015);
    expect((await next.c.json('/api/auth/whoami')).status).toBe(401);
    const ok = await next.c.submit<{ session: { authenticator_assurance_level: string } }>(aal2, {
      method: 'webauthn',
      webauthn_login: JSON.stringify(key.assert(request)),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.session.authenticator_assurance_level).toBe('aal2');

    // Removing the only key leaves a password-only identity again.
    const flow2 = await settings(next.c);
    const removed = await next.c.submit<FlowJson>(flow2, {
      method: 'webauthn',
      webauthn_remove: String(nodeValue(flow2, 'webauthn_remove')),
    });
    expect(removed.status).toBe(200);
    expect(node(removed.body, 'webauthn_remove')).toBeUndefined();
    const basic = await fetch(`${s.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`${u.email}:${TEST_PASSWORD}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
  });
});
