// Slack, Teams, Discord and generic webhook tests against a loopback peer that records each message
// and answers as the service does (Slack's Web API refuses with 200 and ok: false). Channel URLs are
// composed by the catalogue, as the connection form stores them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION_CONNECTION_TYPES } from '@ops/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConnection, type DecryptedConnection } from './index.js';

const BOT_TOKEN = 'xoxb-1111-2222-peerToken';
const DISCORD_TOKEN = 'discord-peer-token-77';
interface Received {
  method: string;
  path: string;
  contentType: string;
  authorization?: string;
  body: string;
}
const received: Received[] = [];
let base = '';

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({
      method: req.method ?? '',
      path,
      contentType: String(req.headers['content-type'] ?? ''),
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const send = (status: number, body: string, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (path === '/api/chat.postMessage') {
      const ok = req.headers.authorization === `Bearer ${BOT_TOKEN}`;
      return send(200, JSON.stringify(ok ? { ok: true, channel: 'C1' } : { ok: false, error: 'invalid_auth' }), 'application/json');
    }
    if (path === '/services/T1/B2/good' || path === '/hooks/slack') return send(200, 'ok');
    if (path.startsWith('/services/')) return send(404, 'no_service');
    if (path.startsWith('/webhookb2/')) return send(200, '1');
    if (path === `/api/webhooks/4242/${DISCORD_TOKEN}`) return send(204, '');
    if (path.startsWith('/api/webhooks/'))
      return send(401, JSON.stringify({ message: 'Invalid Webhook Token', code: 50027 }), 'application/json');
    if (path.startsWith('/generic')) return send(path.includes('fail') ? 500 : 200, path.includes('fail') ? 'boom' : 'thanks');
    send(404, 'not found');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

const opts = () => ({
  signal: new AbortController().signal,
  timeoutMs: 10_000,
  serviceUrls: { slackApi: base, slackHooks: base, discord: base },
});
const conn = (
  type: keyof typeof NOTIFICATION_CONNECTION_TYPES,
  values: Record<string, string>,
  properties: Record<string, string> = {},
): DecryptedConnection => {
  return {
    id: '00000000-0000-4000-8000-000000000004',
    name: `${type}-hook`,
    namespace: 'default',
    type,
    url: NOTIFICATION_CONNECTION_TYPES[type].composeUrl(values),
    ...(values.password ? { password: values.password } : {}),
    insecure_tls: false,
    properties,
  };
};
const failure = (c: DecryptedConnection) =>
  testConnection(c, opts()).then(
    () => 'passed',
    (e: Error) => e.message,
  );
const TEXT = (type: string) => `Test message from Ops Console: the connection default/${type}-hook works.`;

describe('slack connection test', () => {
  it('posts to chat.postMessage with a bot token and to a webhook', async () => {
    await testConnection(conn('slack', { password: BOT_TOKEN, channel: 'ops-alerts' }, { channel: 'ops-alerts' }), opts());
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/chat.postMessage', authorization: `Bearer ${BOT_TOKEN}` });
    expect(JSON.parse(received[0]!.body)).toEqual({ channel: 'ops-alerts', text: TEXT('slack') });
    await testConnection(conn('slack', { password: 'hook:T1/B2/good', channel: 'general' }), opts());
    expect(received[1]).toMatchObject({ method: 'POST', path: '/services/T1/B2/good', contentType: 'application/json' });
    expect(JSON.parse(received[1]!.body)).toEqual({ text: TEXT('slack'), channel: 'general' });
    await testConnection({ ...conn('slack', { password: 'x', channel: 'c' }), url: `${base}/hooks/slack` }, opts());
    expect(JSON.parse(received[2]!.body)).toEqual({ text: TEXT('slack') });
  });

  it("names Slack's refusal without the token", async () => {
    const bad = 'xoxb-9999-wrong-token';
    const message = await failure(conn('slack', { password: bad, channel: 'c' }, { channel: 'c' }));
    expect(message).toBe('slack: chat.postMessage failed: invalid_auth');
    expect(await failure(conn('slack', { password: 'hook:T1/B2/gone', channel: 'c' }))).toBe(
      `slack: ${base} answered HTTP 404 Not Found: no_service`,
    );
    expect(await failure(conn('slack', { password: 'just-text', channel: 'c' }))).toMatch(/neither a bot token/);
  });
});

describe('teams connection test', () => {
  it('posts a MessageCard to the webhook URL', async () => {
    const webhookUrl = `${base}/webhookb2/g@t/IncomingWebhook/a/o`;
    await testConnection(conn('teams', { webhookUrl }, { webhookUrl }), opts());
    await testConnection({ ...conn('teams', { webhookUrl }), properties: {} }, opts());
    expect(received.map((r) => r.path)).toEqual(['/webhookb2/g@t/IncomingWebhook/a/o', '/webhookb2/g@t/IncomingWebhook/a/o']);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ '@type': 'MessageCard', title: 'Ops Console', text: TEXT('teams') });
  });
});

describe('discord connection test', () => {
  it('posts content to the webhook, and names a rejected token without it', async () => {
    await testConnection(conn('discord', { password: DISCORD_TOKEN, webhookId: '4242' }), opts());
    expect(received[0]?.path).toBe(`/api/webhooks/4242/${DISCORD_TOKEN}`);
    expect(JSON.parse(received[0]!.body)).toEqual({ content: TEXT('discord'), username: 'Ops Console' });
    const wrong = 'discord-wrong-token-88';
    const message = await failure(conn('discord', { password: wrong, webhookId: '4242' }));
    expect(message).toBe(`discord: ${base} answered HTTP 401 Unauthorized: Invalid Webhook Token`);
  });
});

describe('generic webhook connection test', () => {
  it('sends title and message under the configured keys, from the properties or the generic:// URL', async () => {
    const values = {
      webhookUrl: `${base}/generic/a`,
      contentType: 'application/json',
      requestMethod: 'POST',
      messageKey: 'text',
      titleKey: 'subject',
    };
    await testConnection(conn('generic_webhook', values, values), opts());
    expect(received[0]).toMatchObject({ method: 'POST', path: '/generic/a', contentType: 'application/json' });
    expect(JSON.parse(received[0]!.body)).toEqual({ subject: 'Ops Console', text: TEXT('generic_webhook') });
    await testConnection(conn('generic_webhook', values), opts());
    expect(received[1]).toMatchObject({ method: 'POST', path: '/generic/a' });
    expect(JSON.parse(received[1]!.body)).toEqual({ subject: 'Ops Console', text: TEXT('generic_webhook') });
    const get = { ...values, requestMethod: 'GET' };
    await testConnection(conn('generic_webhook', get, get), opts());
    expect(received[2]?.method).toBe('GET');
    expect(new URL(received[2]!.path, base).searchParams.get('text')).toBe(TEXT('generic_webhook'));
  });

  it('names a failing answer', async () => {
    const values = { webhookUrl: `${base}/generic/fail` };
    expect(await failure(conn('generic_webhook', values, values))).toBe(
      `generic webhook: ${base} answered HTTP 500 Internal Server Error: boom`,
    );
  });
});
