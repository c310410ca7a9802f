import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryFlowSchema, UI_MESSAGES, verificationFlowSchema } from '@ops/shared';
import { startSmtpPeer, type SmtpPeer } from '../../../test/peers/smtp.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server.js';
import { FlowClient, messageIds, node, type FlowJson } from '../testing/flow-client.js';

let s: TestServer;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  s = await startTestServer({ OPS_JOBS: 'false', OPS_ALLOW_REGISTRATION: 'true', ...smtp.env });
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});

let n = 0;
async function newUser(password = TEST_PASSWORD): Promise<{ email: string; id: string }> {
  const email = `code${++n}@test.local`;
  const id = await s.ctx.identity.createUser({ firstName: 'Code', lastName: String(n), email, password, roles: ['viewer'] });
  return { email, id };
}

async function signIn(email: string, password: string) {
  const c = new FlowClient(s.url);
  const flow = (await c.createFlow('login')).body;
  return { c, res: await c.submit(flow, { method: 'password', identifier: email, password }) };
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('recovery', () => {
  it('mails a code; the right code signs in and opens settings to set a new password', async () => {
    const u = await newUser();
    const c = new FlowClient(s.url);
    const flow = recoveryFlowSchema.parse((await c.createFlow('recovery', 'return_to=/health')).body) as unknown as FlowJson;
    expect(node(flow, 'email')?.attributes).toMatchObject({ type: 'email', required: true });
    const sent = await c.submit<FlowJson>(flow, { method: 'code', email: u.email });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sent.body.ui.messages).toEqual([{ id: 1060003, text: UI_MESSAGES.recoveryCodeSent.text, type: 'info' }]);
    expect(node(sent.body, 'code')?.meta.label?.text).toBe('Recovery code');
    const mail = await smtp.waitFor(u.email, /\d{6}/);
    expect(mail.subject).toContain('Recover access');
    const code = codeIn(mail.text);

    const wrong = await c.submit<FlowJson>(sent.body, { method: 'code', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(node(wrong.body, 'code')?.messages[0]).toMatchObject({
      id: 4060006,
      text: 'The recovery code is invalid or has already been used. Please try again.',
    });
    expect(c.jar.get('ops_session')).toBeUndefined();

    const ok = await c.submit<{ error: { id: string }; redirect_browser_to: string }>(sent.body, { method: 'code', code });
    expect(ok.status).toBe(422);
    expect(ok.body.error.id).toBe('browser_location_change_required');
    const settingsId = /flow=([0-9a-f-]{36})/.exec(ok.body.redirect_browser_to)?.[1];
    expect(ok.body.redirect_browser_to).toBe(`/profile-settings?flow=${settingsId}`);
    expect(c.jar.get('ops_session')).toBeTruthy();
    const replay = await c.submit<FlowJson>(sent.body, { method: 'code', code });
    expect(replay.status).toBe(400);
    expect(messageIds(replay.body)).toContain(4060001);

    const settings = await c.json<FlowJson>(`/api/auth/self-service/settings/flows?id=${settingsId}`);
    expect(settings.status).toBe(200);
    expect(messageIds(settings.body)).toContain(1060001);
    expect(settings.body.return_to).toBe('/health');
    const weak = await c.submit<FlowJson>(settings.body, { method: 'password', password: 'short' });
    expect(node(weak.body, 'password')?.messages[0]).toMatchObject({
      id: 4000032,
      text: 'The password must be at least 8 characters long, but got 5.',
    });
    const set = await c.submit<FlowJson>(settings.body, { method: 'password', password: 'a-new-long-passphrase' });
    expect(set.status).toBe(200);
    expect((await signIn(u.email, 'a-new-long-passphrase')).res.status).toBe(200);
    expect((await signIn(u.email, TEST_PASSWORD)).res.status).toBe(400);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('recovery')).body;
    const r = await c.submit<FlowJson>(flow, { method: 'code', email: 'nobody-here@test.local' });
    expect(r.status).toBe(200);
    expect(r.body.state).toBe('sent_email');
    expect(r.body.ui.messages?.map((m) => m.id)).toEqual([1060003]);
    await new Promise((res) => setTimeout(res, 1000));
    expect(smtp.messages.filter((m) => m.to.includes('nobody-here@test.local'))).toEqual([]);
  });

  it('refuses a malformed address on the e-mail field and mails nothing (recovery and verification)', async () => {
    for (const kind of ['recovery', 'verification'] as const) {
      const c = new FlowClient(s.url);
      const flow = (await c.createFlow(kind)).body;
      const r = await c.submit<FlowJson>(flow, { method: 'code', email: 'not-an-address' });
      expect(r.status, kind).toBe(400);
      expect(r.body.state, kind).toBe('choose_method');
      expect(
        node(r.body, 'email')?.messages.map((m) => m.text),
        kind,
      ).toEqual(['"not-an-address" is not valid "email"']);
    }
    await new Promise((res) => setTimeout(res, 500));
    expect(smtp.messages.filter((m) => m.to.includes('not-an-address'))).toEqual([]);
  });

  it('stops accepting codes after five wrong ones', async () => {
    const u = await newUser();
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('recovery')).body;
    const sent = (await c.submit<FlowJson>(flow, { method: 'code', email: u.email })).body;
    const code = codeIn((await smtp.waitFor(u.email, /\d{6}/)).text);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await c.submit(sent, { method: 'code', code: wrongCode })).status).toBe(400);
    const late = await c.submit<FlowJson>(sent, { method: 'code', code });
    expect(late.status).toBe(400);
    expect(c.jar.get('ops_session')).toBeUndefined();
  });

  it('does not skip a second factor: after recovery the session still needs aal2', async () => {
    const u = await newUser();
    await s.db.pool.query(
      `insert into identity_credentials (identity_id, type, secret, config) values ($1, 'lookup_secret', '', '{"codes": []}')`,
      [u.id],
    );
    const c = new FlowClient(s.url);
    const sent = (await c.submit<FlowJson>((await c.createFlow('recovery')).body, { method: 'code', email: u.email })).body;
    const code = codeIn((await smtp.waitFor(u.email, /\d{6}/)).text);
    const ok = await c.submit<{ redirect_browser_to: string }>(sent, { method: 'code', code });
    expect(ok.status).toBe(422);
    const settings = await c.json<{ error: { id: string } }>(
      `/api/auth/self-service/settings/flows?id=${/flow=(.*)$/.exec(ok.body.redirect_browser_to)![1]}`,
    );
    expect(settings.status).toBe(403);
    expect(settings.body.error.id).toBe('session_aal2_required');
  });
});

describe('verification', () => {
  it("verifies the signed-in person's address with a mailed code", async () => {
    const u = await newUser();
    const { c } = await signIn(u.email, TEST_PASSWORD);
    const flow = verificationFlowSchema.parse((await c.createFlow('verification')).body) as unknown as FlowJson;
    expect(node(flow, 'email')?.attributes).toMatchObject({ value: u.email });
    const sent = await c.submit<FlowJson>(flow, { method: 'code', email: u.email });
    expect(sent.body.ui.messages?.map((m) => m.id)).toEqual([1080003]);
    const code = codeIn((await smtp.waitFor(u.email, /verify/i)).text);
    const bad = await c.submit<FlowJson>(sent.body, { method: 'code', code: code === '000000' ? '999999' : '000000' });
    expect(node(bad.body, 'code')?.messages[0]?.id).toBe(4070006);
    const ok = await c.submit<FlowJson>(sent.body, { method: 'code', code });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('passed_challenge');
    expect(ok.body.ui.messages).toEqual([{ id: 1080002, text: 'You successfully verified your email address.', type: 'success' }]);
    const session = await c.json<{ identity: { verifiable_addresses: { verified: boolean }[] } }>('/api/auth/sessions/whoami');
    expect(session.body.identity.verifiable_addresses[0]?.verified).toBe(true);
  });
});

describe('registration (OPS_ALLOW_REGISTRATION=true)', () => {
  it('registers a viewer without signing in and mails a verification code', async () => {
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('registration')).body;
    expect(node(flow, 'traits.email')).toBeDefined();
    const short = await c.submit<FlowJson>(flow, {
      method: 'password',
      traits: { email: 'new.person@test.local', name: { first: 'New', last: 'Person' } },
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(node(short.body, 'password')?.messages[0]?.id).toBe(4000032);
    expect(node(short.body, 'traits.email')?.attributes).toMatchObject({ value: 'new.person@test.local' });
    const res = await c.submit<{ continue_with: Array<{ action: string; flow: { id: string } }> }>(flow, {
      method: 'password',
      traits: { email: 'new.person@test.local', name: { first: 'New', last: 'Person' } },
      password: 'correct horse battery',
    });
    expect(res.status).toBe(200);
    expect(res.body.continue_with[0]?.action).toBe('show_verification_ui');
    expect((await c.json('/api/auth/whoami')).status).toBe(401);
    const code = codeIn((await smtp.waitFor('new.person@test.local', /\d{6}/)).text);
    const verified = await c.submit<FlowJson>(
      (await c.json<FlowJson>(`/api/auth/self-service/verification/flows?id=${res.body.continue_with[0]!.flow.id}`)).body,
      { method: 'code', code },
    );
    expect(messageIds(verified.body)).toEqual([UI_MESSAGES.verificationSuccessful.id]);
    const signedIn = await signIn('new.person@test.local', 'correct horse battery');
    expect(signedIn.res.status).toBe(200);
    expect((await signedIn.c.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['viewer']);
  });

  it('answers a known address exactly like a new one and mails its owner a note instead', async () => {
    const register = async (email: string) => {
      const c = new FlowClient(s.url);
      const res = await c.submit<Record<string, unknown>>((await c.createFlow('registration')).body, {
        method: 'password',
        traits: { email, name: { first: 'Some', last: 'One' } },
        password: 'another long one',
      });
      return { status: res.status, body: res.body, cookies: res.headers.getSetCookie().map((h) => h.split('=')[0]) };
    };
    const { email: known } = await newUser();
    const fresh = await register('fresh.person@test.local');
    const again = await register(known);
    expect(again.status).toBe(fresh.status);
    expect(again.cookies).toEqual(fresh.cookies);
    // Same keys and the same shape all the way down; only the random flow id and the address differ.
    const shape = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(shape)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
          : typeof v;
    expect(shape(again.body)).toEqual(shape(fresh.body));
    expect(JSON.stringify(again.body)).not.toMatch(/already|exists|taken|4000007/i);
    expect((await smtp.waitFor(known, /already has one/)).text).toContain('/recovery');
  });
});

describe('invitation', () => {
  it('invites by mail; the link signs the person in once, lets them set a password, then sign in', async () => {
    const inv = await s.json<{ link: string; mailed: boolean }>('/api/auth/invite_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ivy', lastName: 'Invited', email: 'ivy@test.local', role: 'editor' }),
    });
    expect(inv.status).toBe(200);
    expect(inv.body.mailed).toBe(true);
    const mail = await smtp.waitFor('ivy@test.local', /self-service\/invite/);
    expect(mail.text).toContain(inv.body.link);
    const c = new FlowClient(s.url);
    const open = await c.fetch(inv.body.link);
    expect(open.status).toBe(303);
    const settingsUrl = open.headers.get('location')!;
    expect(settingsUrl).toMatch(/^\/profile-settings\?flow=/);
    const flow = (await c.json<FlowJson>(`/api/auth/self-service/settings/flows?id=${settingsUrl.split('flow=')[1]}`)).body;
    expect((await c.submit(flow, { method: 'password', password: 'ivy-chooses-a-password' })).status).toBe(200);
    const again = await new FlowClient(s.url).fetch(inv.body.link);
    expect(again.headers.get('location')).toMatch(/^\/error\?id=/);
    const err = await c.json<{ error: { message: string } }>(
      `/api/auth/self-service/errors?id=${again.headers.get('location')!.split('id=')[1]}`,
    );
    expect(err.body.error.message).toContain('invitation link is invalid');
    const { c: fresh, res } = await signIn('ivy@test.local', 'ivy-chooses-a-password');
    expect(res.status).toBe(200);
    expect((await fresh.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['editor']);
  });
});
