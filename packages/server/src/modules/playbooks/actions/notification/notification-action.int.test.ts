// The notification action: email through an email connection to the loopback SMTP peer, and JSON
// webhooks (a generic_webhook connection and a generic+http:// URL) to a loopback HTTP peer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../../../test/peers/smtp.js';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { createTestConnection, testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

let s: TestServer;
let smtp: SmtpPeer;
let hook: http.Server;
let hookUrl: string;
const posts: { url: string; type: string; body: unknown }[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      posts.push({ url: req.url ?? '', type: String(req.headers['content-type']), body: text ? (JSON.parse(text) as unknown) : undefined });
      res.writeHead(req.url?.startsWith('/down') ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
  await new Promise((resolve) => hook.close(resolve));
});

describe('notification action', () => {
  it('mails the rendered title and message through an email connection', async () => {
    await createTestConnection(s, {
      name: 'mail',
      type: 'email',
      properties: { host: smtp.host, port: smtp.port, from: 'ops@test.local', encryption: 'None', auth: 'None' },
    });
    const actx = testActionContext(s, { config: { name: 'node-1' } });
    const out = await runAction(
      {
        notification: {
          connection: 'connection://default/mail',
          title: 'Restarted {{.config.name}}',
          message: 'The pod on {{.config.name}} was restarted.',
          properties: { to: 'oncall@test.local' },
        },
      },
      actx,
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { sent: true, channel: 'email', to: ['oncall@test.local'] } });
    const mail = await smtp.waitFor('oncall@test.local', /was restarted/);
    expect(mail).toMatchObject({ from: 'ops@test.local', subject: 'Restarted node-1' });
    expect(mail.text).toContain('The pod on node-1 was restarted.');
  });

  it('mails through an smtp:// URL written in the action', async () => {
    const url = `smtp://${smtp.host}:${smtp.port}/?from=bot@test.local&to=a@test.local,b@test.local&encryption=None`;
    const out = await runAction({ notification: { url, title: 'Hi', message: 'two recipients' } }, testActionContext(s));
    expect(out, out.error).toMatchObject({ status: 'completed', result: { sent: true, to: ['a@test.local', 'b@test.local'] } });
    expect((await smtp.waitFor('b@test.local', /two recipients/)).subject).toBe('Hi');
  });

  it('posts JSON to a generic_webhook connection and a generic+http URL', async () => {
    await createTestConnection(s, {
      name: 'hook',
      type: 'generic_webhook',
      properties: { webhookUrl: `${hookUrl}/in`, titleKey: 'subject', messageKey: 'text' },
    });
    const viaConnection = await runAction(
      { notification: { connection: 'hook', title: 'T', message: 'M {{.params.x}}' } },
      testActionContext(s, { params: { x: 1 } }),
    );
    expect(viaConnection, viaConnection.error).toMatchObject({
      status: 'completed',
      result: { sent: true, channel: 'webhook', code: 204 },
    });
    expect(posts.at(-1)).toEqual({ url: '/in', type: 'application/json', body: { subject: 'T', text: 'M 1' } });
    const viaUrl = await runAction(
      { notification: { url: `generic+${hookUrl}/other?team=a`, title: 'T2', message: 'M2' } },
      testActionContext(s),
    );
    expect(viaUrl.status, viaUrl.error).toBe('completed');
    expect(posts.at(-1)).toEqual({ url: '/other?team=a', type: 'application/json', body: { title: 'T2', message: 'M2' } });
  });

  it('fails when the channel refuses or cannot be used', async () => {
    const down = await runAction({ notification: { url: `generic+${hookUrl}/down`, message: 'x' } }, testActionContext(s));
    expect(down).toMatchObject({ status: 'failed', error: `notification: ${hookUrl}/down answered 503` });
    const noTo = await runAction(
      { notification: { url: `smtp://${smtp.host}:${smtp.port}/?from=a@test.local`, message: 'x' } },
      testActionContext(s),
    );
    expect(noTo.error).toBe('notification.url: smtp:// needs to= (one or more recipients, comma separated)');
    const other = await runAction({ notification: { url: 'carrier://pigeon', message: 'x' } }, testActionContext(s));
    expect(other.error).toMatch(/^notification.url: carrier:\/\/ channels are not supported/);
  });
});
