// Mission Control's playbook fixtures, action by action: the outputs each action of
// action-content-type.yaml, action-exec-artifacts.yaml, echo.yaml and http.yaml (its webhook.site URL
// pointed at a loopback peer) implies, read from ../shared/conformance.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { testActionContext } from './actions-test-helpers.js';
import { runAction, type PlaybookActionInput } from './index.js';

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const CONFORMANCE = path.resolve(REPO, '../shared/conformance/mission-control');
const actionsOf = (file: string): PlaybookActionInput[] =>
  (parse(readFileSync(path.join(CONFORMANCE, file), 'utf8')) as { spec: { actions: PlaybookActionInput[] } }).spec.actions;

let s: TestServer;
let hook: http.Server;
let hookUrl: string;
const received: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => hook.close(resolve));
});

describe('mission-control playbook fixtures, per action', () => {
  it('action-content-type.yaml: envelope, spec content type, plain stdout, spec overriding the envelope', async () => {
    const [envelope, bySpec, plain, overridden] = await Promise.all(
      actionsOf('playbook/testdata/action-content-type.yaml').map((a) => runAction(a, testActionContext(s))),
    );
    expect(envelope).toMatchObject({ status: 'completed', result: { content: '# My Report', contentType: 'text/markdown' } });
    expect(bySpec).toMatchObject({ status: 'completed', result: { stdout: '{"key": "value"}\n', contentType: 'application/json' } });
    expect(plain).toMatchObject({ status: 'completed', result: { stdout: 'hello world\n' } });
    expect(plain!.result).not.toHaveProperty('contentType');
    expect(overridden).toMatchObject({ status: 'completed', result: { content: 'overridden', contentType: 'text/plain' } });
  });

  it('action-exec-artifacts.yaml: stdout kept as an artifact', async () => {
    const [generate] = actionsOf('playbook/testdata/action-exec-artifacts.yaml');
    const out = await runAction(generate!, testActionContext(s));
    expect(out.status).toBe('completed');
    expect(out.artifacts?.map((a) => [a.path, a.contentType, a.content.toString()])).toEqual([
      ['/dev/stdout', 'text/plain', 'hello world\n'],
    ]);
  });

  it('echo.yaml: prints simple', async () => {
    const [echo] = actionsOf('playbook/testdata/echo.yaml');
    expect(await runAction(echo!, testActionContext(s, { config: { name: 'node-a' } }))).toMatchObject({
      status: 'completed',
      result: { stdout: 'simple\n', exitCode: 0 },
    });
  });

  it('http.yaml: posts the component as rendered JSON with its headers', async () => {
    const [post] = actionsOf('fixtures/playbooks/http.yaml');
    const block = post!.http as { url: string };
    const action = { ...post!, http: { ...block, url: block.url.replace(/^https:\/\/webhook\.site/, hookUrl) } };
    const out = await runAction(action, testActionContext(s, { component: { name: 'cluster-1', status: 'healthy' } }));
    expect(out, out.error).toMatchObject({ status: 'completed', result: { code: 200, body: 'ok' } });
    const got = received.at(-1)!;
    expect(got.method).toBe('POST');
    expect(JSON.parse(got.body)).toEqual({ component: { name: 'cluster-1', status: 'healthy' } });
    expect(got.headers['x-postgres-user']).toBe('admin@local');
    expect(got.headers['x-flanksource-token']).toBe('secret123');
  });
});
