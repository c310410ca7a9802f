// `ops run playbook` against a real server with its playbook engine: the run is started by name on a
// config item, followed to the end with each action's status and output, and the exit code says how it
// ended; bad flags and unknown or ambiguous names are refused before anything runs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConfig } from '../../../server/src/modules/playbooks/resources/read-test-helpers.js';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../../server/src/test/test-server.js';
import { main } from '../main.js';

let s: TestServer;
let dir: string;
let nodeId: string;

const playbook = (name: string, namespace: string, spec: string) =>
  `apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\nspec:\n${spec}`;

beforeAll(async () => {
  s = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ops-cli-run-'));
  nodeId = await insertConfig(s.ctx.db.kysely, { name: 'node-7', type: 'Kubernetes::Node' });
  const docs = [
    playbook(
      'echo-cli',
      'default',
      `  configs:\n    - types: [Kubernetes::Node]\n  parameters:\n    - name: message\n      label: Message\n      required: true\n` +
        `  actions:\n    - name: greet\n      exec:\n        script: echo "{{.params.message}} from {{.config.name}}"\n` +
        `    - name: second\n      exec:\n        script: echo done\n`,
    ),
    playbook(
      'fail-cli',
      'default',
      `  actions:\n    - name: broken\n      exec:\n        script: echo partial; echo bad thing >&2; exit 3\n` +
        `    - name: never\n      exec:\n        script: echo never\n`,
    ),
    // 300,000 bytes of stdout (150,000 lines 'x'): more than the action JSON carries, so the CLI reads the stream as text.
    playbook('long-cli', 'default', `  actions:\n    - name: long\n      exec:\n        script: yes x | head -n 150000\n`),
    playbook('twice', 'default', `  actions:\n    - name: a\n      exec:\n        script: echo default-ns\n`),
    playbook('twice', 'other', `  actions:\n    - name: a\n      exec:\n        script: echo other-ns\n`),
  ];
  await writeFile(path.join(dir, 'playbooks.yaml'), docs.join('---\n'));
  const applied = await ops(['apply', '-f', 'playbooks.yaml']);
  if (applied.code !== 0) throw new Error(`apply failed: ${applied.err}`);
}, 120_000);
afterAll(async () => {
  await s?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function ops(args: string[]) {
  let out = '';
  let err = '';
  const env = { OPS_SERVER: s.url, OPS_USER: TEST_USERS.admin, OPS_PASSWORD: TEST_PASSWORD, OPS_RUN_POLL_MS: '200' };
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t), readStdin: async () => '', env, cwd: dir });
  return { code, out, err };
}

describe('ops run playbook', () => {
  it('runs a playbook on a config item, prints each action and its output, and exits 0 when it completes', async () => {
    const r = await ops(['run', 'playbook', 'echo-cli', '--config', nodeId, '-p', 'message=hello=world']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const runId = /^Run ([0-9a-f-]{36}) of playbook default\/echo-cli started$/m.exec(r.out)?.[1];
    expect(runId).toBeDefined();
    expect(r.out).toContain('[greet] completed\n  stdout:\n    hello=world from node-7\n');
    expect(r.out).toContain('[second] completed\n  stdout:\n    done\n');
    expect(r.out.indexOf('[greet] completed')).toBeLessThan(r.out.indexOf('[second] completed'));
    expect(r.out.endsWith(`Run ${runId} completed\n`)).toBe(true);
    const row = await sql<{ status: string; config_id: string; parameters: { message: string } }>`
      SELECT status, config_id::text AS config_id, parameters FROM playbook_runs WHERE id = ${runId}`.execute(s.ctx.db.kysely);
    expect(row.rows[0]).toEqual({ status: 'completed', config_id: nodeId, parameters: { message: 'hello=world' } });
  }, 60_000);

  it('exits 1 with the run error when an action fails, after printing its stderr', async () => {
    const r = await ops(['run', 'playbook', 'fail-cli']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('[broken] failed\n  stdout:\n    partial\n  stderr:\n    bad thing\n');
    expect(r.out).not.toContain('never completed');
    expect(r.err).toMatch(/^error: run [0-9a-f-]{36} failed/);
  }, 60_000);

  it('prints an output too long for the action JSON in full, read as text', async () => {
    const r = await ops(['run', 'playbook', 'long-cli']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('[long] completed\n  stdout:\n    x\n');
    expect(r.out.split('\n').filter((line) => line === '    x')).toHaveLength(150_000);
  }, 60_000);

  it('prints the final run as JSON with -o json', async () => {
    const r = await ops(['run', 'playbook', 'twice', '-n', 'other', '-o', 'json']);
    expect(r.code).toBe(0);
    const run = JSON.parse(r.out) as { status: string; playbook: { name: string }; actions: { name: string; status: string }[] };
    expect(run).toMatchObject({ status: 'completed', playbook: { name: 'twice' }, actions: [{ name: 'a', status: 'completed' }] });
  }, 60_000);

  it('refuses unknown or ambiguous names, bad flags and parameters the server rejects', async () => {
    expect(await ops(['run', 'playbook', 'nope'])).toEqual({ code: 1, out: '', err: 'error: playbook nope not found\n' });
    expect(await ops(['run', 'playbook', 'twice'])).toEqual({
      code: 2,
      out: '',
      err: 'error: playbook twice exists in namespaces default, other: choose one with --namespace\n',
    });
    const badParam = await ops(['run', 'playbook', 'echo-cli', '--config', nodeId, '-p', 'novalue']);
    expect(badParam).toEqual({ code: 2, out: '', err: 'error: -p novalue: write a parameter as key=value\n' });
    const two = await ops(['run', 'playbook', 'echo-cli', '--config', nodeId, '--check', nodeId]);
    expect(two).toEqual({ code: 2, out: '', err: 'error: give at most one of --config, --component and --check\n' });
    const missing = await ops(['run', 'playbook', 'echo-cli', '--config', nodeId]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^Error from server \(400\): params\.message: Message is required\n/);
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM playbook_runs`.execute(s.ctx.db.kysely);
    expect(before.rows[0]!.n).toBe(4);
  }, 60_000);
});
