import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../server/src/test/test-server.js';
import { main } from './main.js';

let s: TestServer;
let dir: string;
const REPO = path.resolve(import.meta.dirname, '../../..');

beforeAll(async () => {
  s = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ops-cli-'));
});
afterAll(async () => {
  await s?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const flag = (name: string, value: string) =>
  `apiVersion: ops.console/v1\nkind: FeatureFlag\nmetadata:\n  name: ${name}\nspec:\n  value: ${value}\n`;

/** Run `ops` in-process as `user` (Basic auth from the environment) against the test server. */
async function ops(args: string[], opts: { env?: Record<string, string>; stdin?: string; user?: keyof typeof TEST_USERS } = {}) {
  let out = '';
  let err = '';
  const env = opts.env ?? { OPS_SERVER: s.url, OPS_USER: TEST_USERS[opts.user ?? 'admin'], OPS_PASSWORD: TEST_PASSWORD };
  const code = await main(args, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: async () => opts.stdin ?? '',
    env,
    cwd: dir,
  });
  return { code, out, err };
}

async function file(name: string, text: string): Promise<string> {
  const full = path.join(dir, name);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, text);
  return name;
}

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const flagValue = async (name: string) =>
  (await s.ctx.db.kysely.selectFrom('properties').select('value').where('name', '=', name).executeTakeFirst())?.value;

describe('ops apply', () => {
  it('applies a multi-document file and prints a table, then reports unchanged as JSON', async () => {
    const f = await file('flags.yaml', [flag('cli.one', 'true'), flag('cli.two', 'off')].join('---\n'));
    const first = await ops(['apply', '-f', f]);
    expect(first).toEqual({
      code: 0,
      err: '',
      out: 'KIND          NAME      ACTION\nFeatureFlag   cli.one   created\nFeatureFlag   cli.two   created\n',
    });
    const again = await ops(['apply', '-f', f, '-o', 'json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toEqual({
      results: [
        { kind: 'FeatureFlag', name: 'cli.one', namespace: null, id: 'cli.one', action: 'unchanged' },
        { kind: 'FeatureFlag', name: 'cli.two', namespace: null, id: 'cli.two', action: 'unchanged' },
      ],
    });
  });

  it('reads a directory, a JSON file and stdin in one all-or-nothing request', async () => {
    await file('dir/a.yaml', flag('cli.dir.a', '1'));
    await file(
      'dir/b.json',
      JSON.stringify({ apiVersion: 'ops.console/v1', kind: 'FeatureFlag', metadata: { name: 'cli.dir.b' }, spec: { value: '2' } }),
    );
    await file('dir/notes.txt', 'not a manifest');
    const r = await ops(['apply', '-f', 'dir', '-f', '-', '-o', 'yaml'], { stdin: flag('cli.stdin', '3') });
    expect(r.code).toBe(0);
    expect((parse(r.out) as { results: { name: string }[] }).results.map((x) => x.name)).toEqual(['cli.dir.a', 'cli.dir.b', 'cli.stdin']);
    expect(await flagValue('cli.stdin')).toBe('3');
  });

  it('exits 1 with the server error and the file and line of the bad document; nothing is written', async () => {
    const good = await file('good.yaml', flag('cli.good', 'true'));
    const bad = await file('bad.yaml', `${flag('cli.ok', 'true')}---\n${flag('cli.bad', '{nested: 1}')}`);
    const r = await ops(['apply', '-f', good, bad]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'Error from server (400): document 3 (FeatureFlag cli.bad): spec.value: must be a string, number or boolean\n  document 3 is bad.yaml line 8\n',
    );
    expect(await flagValue('cli.good')).toBeUndefined();
    expect(await flagValue('cli.ok')).toBeUndefined();
  });

  it('exits 1 when a viewer applies, naming the kind', async () => {
    const r = await ops(['apply', '-f', await file('viewer.yaml', flag('cli.viewer', 'true'))], { user: 'viewer' });
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error from server (403): document 1 (FeatureFlag cli.viewer): Forbidden');
  });

  it('exits 1 for a kind the server does not support yet', async () => {
    const f = await file(
      'notification.yaml',
      'apiVersion: mission-control.flanksource.com/v1\nkind: Notification\nmetadata: {name: web}\nspec: {}\n',
    );
    const r = await ops(['apply', '-f', f]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('(422): document 1 (Notification web): kind Notification is not supported by this server yet');
  });

  it('exits 2 for usage and input mistakes without calling the server', async () => {
    const missing = await ops(['apply']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("required option '-f, --filename <path...>' not specified");
    const nofile = await ops(['apply', '-f', 'nope.yaml']);
    expect([nofile.code, nofile.err]).toEqual([2, 'error: nope.yaml: no such file or directory\n']);
    const broken = await ops(['apply', '-f', await file('broken.yaml', 'kind: FeatureFlag\nmetadata: [oops\n')]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/^error: broken\.yaml:3:1: invalid YAML or JSON: /);
    const empty = await ops(['apply', '-f', await file('empty.yaml', '# nothing\n')]);
    expect([empty.code, empty.err]).toEqual([2, 'error: no documents in empty.yaml\n']);
    const format = await ops(['get', 'flags', '-o', 'xml']);
    expect(format.code).toBe(2);
    const both = await ops(['get', 'flags', '--token', 't', '--user', 'u']);
    expect([both.code, both.err]).toEqual([2, 'error: use either --token or --user/--password, not both\n']);
  });
});

describe('ops get and delete', () => {
  it('lists a kind as a table and as a re-appliable YAML List', async () => {
    await ops(['apply', '-f', await file('get.yaml', [flag('get.a', 'true'), flag('get.b', 'x')].join('---\n'))]);
    const table = await ops(['get', 'flags']);
    expect(table.code).toBe(0);
    const lines = table.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+VALUE\s+SOURCE\s+UPDATED$/);
    expect(lines.find((l) => l.startsWith('get.a '))).toMatch(/^get\.a\s+true\s+apply\s+\d{4}-\d\d-\d\dT/);
    const yaml = await ops(['get', 'FeatureFlag', '-o', 'yaml']);
    const list = parse(yaml.out) as { kind: string; items: { metadata: { name: string } }[] };
    expect(list.kind).toBe('List');
    expect(list.items.map((i) => i.metadata.name)).toContain('get.b');
    const back = await ops(['apply', '-f', '-', '-o', 'json'], { stdin: yaml.out });
    expect(back.code).toBe(0);
    expect((JSON.parse(back.out) as { results: { action: string }[] }).results.every((x) => x.action === 'unchanged')).toBe(true);
  });

  it('gets one resource as a table, JSON and YAML', async () => {
    const table = await ops(['get', 'flag', 'get.a']);
    expect(table.out).toMatch(/^NAME\s+VALUE\s+SOURCE\s+UPDATED\nget\.a\s+true\s+apply\s+\S+\n$/);
    const json = JSON.parse((await ops(['get', 'flag', 'get.a', '-o', 'json'])).out) as { kind: string; spec: { value: string } };
    expect(json).toMatchObject({ kind: 'FeatureFlag', spec: { value: 'true' } });
    const docs = parseAllDocuments((await ops(['get', 'flag', 'get.a', '-o', 'yaml'])).out);
    expect(docs).toHaveLength(1);
  });

  it('deletes a resource, then reports it missing with exit 1', async () => {
    const del = await ops(['delete', 'FeatureFlag', 'get.b']);
    expect(del).toEqual({ code: 0, out: 'FeatureFlag get.b deleted\n', err: '' });
    const gone = await ops(['get', 'FeatureFlag', 'get.b']);
    expect([gone.code, gone.err]).toEqual([1, 'Error from server (404): FeatureFlag get.b not found\n']);
    const again = await ops(['delete', 'flags', 'get.b', '-o', 'json']);
    expect(again.code).toBe(1);
    const unknown = await ops(['get', 'gadgets']);
    expect([unknown.code, unknown.err]).toEqual([
      1,
      'Error from server (400): unknown kind gadgets\nRun `ops kinds` to list the kinds this server knows.\n',
    ]);
  });

  it('lists the kinds the server knows', async () => {
    const r = await ops(['kinds']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^KIND\s+APIVERSION\s+SHORTNAMES\s+NAMESPACED\s+SUPPORTED\n/);
    expect(r.out).toMatch(/\nFeatureFlag\s+ops\.console\/v1\s+\S+\s+false\s+true\n/);
    expect(r.out).toMatch(/\nScrapeConfig\s+configs\.flanksource\.com\/v1\s+scrapers,\S+\s+true\s+true\n/);
    expect(r.out).toMatch(/\nNotification\s+mission-control\.flanksource\.com\/v1\s+(\S+\s+)?true\s+false\n/);
    expect(r.out).toMatch(/\nPlaybook\s+mission-control\.flanksource\.com\/v1\s+\S+\s+true\s+true\n/);
  });
});

describe('ops authentication and connection', () => {
  it('uses a token from --token or OPS_TOKEN as Bearer, and refuses a bad one with exit 1', async () => {
    const { token } = await s.ctx.identity.createAccessToken({ name: 'cli', personId: s.ids.editor });
    const viaFlag = await ops(['--server', s.url, '--token', token, 'apply', '-f', await file('token.yaml', flag('cli.token', 'true'))], {
      env: {},
    });
    expect(viaFlag.code).toBe(0);
    const viaEnv = await ops(['get', 'flags', 'cli.token', '-o', 'json'], { env: { OPS_SERVER: s.url, OPS_TOKEN: token } });
    expect(viaEnv.code).toBe(0);
    expect(await flagValue('cli.token')).toBe('true');
    const bad = await ops(['get', 'flags'], { env: { OPS_SERVER: s.url, OPS_TOKEN: 'ops_wrong' } });
    expect([bad.code, bad.err]).toEqual([1, 'Error from server (401): Unauthorized\n']);
  });

  it('takes --user/--password over the environment, and needs a password with a user', async () => {
    const r = await ops(['--user', TEST_USERS.viewer, '--password', TEST_PASSWORD, 'get', 'flags', '-o', 'json'], {
      env: { OPS_SERVER: s.url, OPS_TOKEN: 'ignored' },
    });
    expect(r.code).toBe(0);
    const noPassword = await ops(['--user', TEST_USERS.viewer, 'get', 'flags'], { env: { OPS_SERVER: s.url } });
    expect([noPassword.code, noPassword.err]).toEqual([2, 'error: --password (or OPS_PASSWORD) is required with --user\n']);
  });

  it('exits 1 when the server cannot be reached, saying the connection was refused (also on ports fetch blocks)', async () => {
    const closed = await closedPort();
    const r = await ops(['--server', `http://127.0.0.1:${closed}`, 'get', 'flags'], { env: {} });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^error: connection refused to 127\\.0\\.0\\.1:${closed} \\(is the server running there\\?`));
    // 6000 (X11) is on fetch's list of blocked ports; nothing listens on it here.
    const blocked = await ops(['--server', 'http://127.0.0.1:6000', 'get', 'flags'], { env: {} });
    expect(blocked.err).toMatch(/^error: connection refused to 127\.0\.0\.1:6000 /);
    expect(blocked.err).not.toContain('bad port');
  });

  it('says how to give credentials when none were given', async () => {
    const r = await ops(['get', 'flags'], { env: { OPS_SERVER: s.url } });
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error from server (401)');
    expect(r.err).toContain('use --user and --password, or --token, or set OPS_USER and OPS_PASSWORD, or OPS_TOKEN');
  });
});

describe('the ops executable', () => {
  const run = promisify(execFile);

  beforeAll(async () => {
    // The bin runs the compiled CLI: build it (incremental, quick when up to date).
    await run(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'packages/cli'], { cwd: REPO });
  }, 120_000);

  it('runs from the repository root through node_modules/.bin/ops, reading stdin', async () => {
    const bin = path.join(REPO, 'node_modules/.bin/ops');
    const env = { ...process.env, OPS_SERVER: s.url, OPS_USER: TEST_USERS.admin, OPS_PASSWORD: TEST_PASSWORD };
    const child = execFile(bin, ['apply', '-f', '-'], { cwd: REPO, env });
    child.stdin?.end(flag('cli.bin', 'true'));
    const out = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      let stdout = '';
      child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(out).toEqual({ code: 0, stdout: 'KIND          NAME      ACTION\nFeatureFlag   cli.bin   created\n' });
    const failed = await run(bin, ['get', 'flags', 'nope'], { cwd: REPO, env }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: 'Error from server (404): FeatureFlag nope not found\n' });
  });
});
