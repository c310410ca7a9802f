// The conformance fixtures no other test runs, run through HTTP by the test server's engine to the outputs their
// actions imply: action-duration (a duration parameter with a default, options and a minimum), action-check (a
// check selector; the script writes the check's id to /tmp) and action-params (config and component parameters
// become their rows in the template).
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { insertCanary, insertCheck, insertComponent, insertConfig } from '../resources/read-test-helpers.js';
import { applyPlaybooks, fixtureText, startRun, waitForRun } from './engine-test-helpers.js';

let s: TestServer;
let scratch: string;
beforeAll(async () => {
  s = await startTestServer();
  // Scripts run as the unprivileged exec user: the folder they write into must be theirs to write.
  scratch = await mkdtemp('/tmp/ops-fixture-run-');
  await chmod(scratch, 0o777);
});
afterAll(async () => {
  await s?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe('the remaining conformance fixtures run to their outputs', () => {
  it('action-duration: the default 15m, a chosen option, and a value under the 5m minimum refused', async () => {
    const { 'action-duration': id } = await applyPlaybooks(s, fixtureText('fixtures/playbooks/action-duration.yaml'));
    const byDefault = await startRun(s, { id });
    expect(byDefault.status, JSON.stringify(byDefault.body)).toBe(200);
    const chosen = await startRun(s, { id, params: { retention: '2h' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    for (const [res, want] of [
      [byDefault, '15m\n'],
      [chosen, '2h\n'],
    ] as const) {
      const run = await waitForRun(s, res.body.run_id);
      expect(run.status, JSON.stringify(run.actions)).toBe('completed');
      expect(run.actions[0]!.result).toMatchObject({ stdout: want, exitCode: 0 });
    }
    const short = await startRun(s, { id, params: { retention: '1m' } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toMatch(/params\.retention/);
  });

  it('action-check: runs on an http check and writes its id to /tmp/{id}.txt; a tcp check is refused', async () => {
    const { 'action-checks': id } = await applyPlaybooks(s, fixtureText('playbook/testdata/action-check.yaml'));
    const canary = await insertCanary(s.ctx.db.kysely, 'fixture-run');
    const httpCheck = await insertCheck(s.ctx.db.kysely, canary, { name: 'fixture-http', type: 'http' });
    const tcpCheck = await insertCheck(s.ctx.db.kysely, canary, { name: 'fixture-tcp', type: 'tcp' });
    const file = `/tmp/${httpCheck}.txt`;
    try {
      const res = await startRun(s, { id, check_id: httpCheck });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const run = await waitForRun(s, res.body.run_id);
      expect(run.status, JSON.stringify(run.actions)).toBe('completed');
      expect(await readFile(file, 'utf8')).toBe(httpCheck);
      const refused = await startRun(s, { id, check_id: tcpCheck });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    } finally {
      await rm(file, { force: true });
    }
  });

  it('action-params: the config parameter gives its config_class, the component parameter its name, in one file', async () => {
    const { 'action-params': id } = await applyPlaybooks(s, fixtureText('playbook/testdata/action-params.yaml'));
    const db = s.ctx.db.kysely;
    const config = await insertConfig(db, { name: 'fixture-node', type: 'Kubernetes::Node', configClass: 'Node' });
    const component = await insertComponent(db, { name: 'fixture-api', type: 'Application' });
    const out = path.join(scratch, 'params.txt');
    const res = await startRun(s, { id, params: { path: out, my_config: config, my_component: component } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await waitForRun(s, res.body.run_id);
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    expect(run.actions.map((a) => a.status)).toEqual(['completed', 'completed']);
    expect(await readFile(out, 'utf8')).toBe('Node\nfixture-api\n');
  });
});
