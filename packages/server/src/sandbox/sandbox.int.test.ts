// Code from specs runs behind the execution boundary. Through HTTP on a real server
// (run as root on the CI machine): exec checks and scrapers do not run as root, cannot read the secret key
// or /etc/shadow and see none of the server's environment; file scrapers stay inside OPS_FILE_ROOTS and out
// of the data directory; a timed-out script leaves no process; output is capped; writing code needs admin.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunNowResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { applyScraper, fileScraperYaml, runNow } from '../modules/catalog/catalog-test-helpers.js';
import { apply, checksOf } from '../modules/health/health-test-helpers.js';
import { pidsOf } from '../test/process-list.js';

let s: TestServer;
let root: string;
let dataDir: string;
const asRoot = process.getuid?.() === 0;
const PROBE = (dir: string) => `id -u; cat ${dir}/secret-key; cat /etc/shadow; env`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'ops-sandbox-roots-'));
  writeFileSync(path.join(root, 'ok.json'), JSON.stringify({ items: [{ id: 'ok', name: 'ok' }] }));
  symlinkSync('/etc/shadow', path.join(root, 'escape.json'));
  // The data directory lies inside a root (the working directory): it must still be refused.
  s = await startTestServer({ OPS_JOBS: 'false', OPS_FILE_ROOTS: `${root},${process.cwd()}` });
  dataDir = s.ctx.config.dataDir;
  expect(existsSync(path.join(dataDir, 'secret-key'))).toBe(true);
  // Server secrets a script must not see (the test server itself was configured without them).
  process.env.DATABASE_URL = 'postgres://leak-probe@127.0.0.1/ops';
  process.env.OPS_SECRET_KEY = 'leak-probe-secret-key-0123456789abcdef';
});
afterAll(async () => {
  delete process.env.DATABASE_URL;
  delete process.env.OPS_SECRET_KEY;
  await s?.stop();
  rmSync(root, { recursive: true, force: true });
});

function canary(name: string, schedule: string, check: Record<string, unknown>): string {
  return JSON.stringify({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name },
    spec: { schedule, exec: [{ name: `${name}-check`, ...check }] },
  });
}

async function runCanary(name: string, schedule: string, check: Record<string, unknown>): Promise<RunNowResponse> {
  const applied = await apply(s, canary(name, schedule, check));
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const [c] = await checksOf(s, applied.body.results![0]!.id);
  const run = await s.json<RunNowResponse>(`/api/canary/run/check/${c!.id}`, { method: 'POST' });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  return run.body;
}

function expectConfined(output: string): void {
  const secret = readFileSync(path.join(dataDir, 'secret-key'), 'utf8').trim();
  const firstLine = output.trim().split('\n')[0]!.trim();
  if (asRoot) expect(firstLine).not.toBe('0');
  expect(firstLine).toMatch(/^\d+$/);
  expect(output).not.toContain(secret);
  expect(output).not.toMatch(/^root:/m);
  expect(output).not.toContain('leak-probe');
  expect(output).not.toMatch(/^(DATABASE_URL|OPS_SECRET_KEY|OPS_DATA_DIR)=/m);
}

describe('the execution boundary', () => {
  it('an exec check does not run as root, cannot read the secret key or /etc/shadow, sees no server env', async () => {
    const run = await runCanary('probe', '@every 1h', { script: PROBE(dataDir), display: { template: '{{ .results.stdout }}' } });
    const output = run.results[0]!.message;
    expectConfined(output);
    expect(output).toMatch(/^HOME=/m);
  });

  it('an exec scraper does not run as root, cannot read the secret key or /etc/shadow, sees no server env', async () => {
    const yaml = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: exec-probe
spec:
  exec:
    - type: Probe
      id: $.id
      script: ${JSON.stringify(`{ ${PROBE(dataDir)}; } >&2; exit 3`)}
`;
    const summary = (await runNow(s, await applyScraper(s, yaml))).summary;
    const message = summary.errors.join('\n');
    expect(message).toContain('script exited with code 3: ');
    expectConfined(message.slice(message.indexOf('code 3: ') + 8));
    if (asRoot) expect(message).toMatch(/Permission denied/);
  });

  it('a file scraper reads under OPS_FILE_ROOTS, never /etc/shadow, the data directory or an escaping symlink', async () => {
    const paths = ['ok.json', '/etc/shadow', path.join(dataDir, 'secret-key'), path.join(root, 'escape.json'), `${root}/../../etc/*`];
    const yaml = fileScraperYaml(
      'roots',
      paths.map((p) => (p === 'ok.json' ? path.join(root, p) : p)),
    );
    const summary = (await runNow(s, await applyScraper(s, yaml))).summary;
    const errors = summary.errors.join('\n');
    expect(errors).toContain('cannot read /etc/shadow: path /etc/shadow is outside the allowed roots');
    expect(errors).toContain(`path ${dataDir}/secret-key is inside the data directory ${dataDir}, which specs may never read`);
    expect(errors).toContain(`path ${root}/escape.json resolves to /etc/shadow, which is outside the allowed roots`);
    expect(errors).toContain('cannot read /etc: path /etc is outside the allowed roots');
    expect(summary.errors).toHaveLength(4);
    expect(errors).not.toMatch(/root:/);
    const items = (
      await s.ctx.db.pool.query<{ name: string; config: unknown }>('SELECT name, config FROM config_items WHERE scraper_id IS NOT NULL')
    ).rows;
    expect(items.map((i) => i.name)).toContain('ok');
    expect(JSON.stringify(items)).not.toContain(readFileSync(path.join(dataDir, 'secret-key'), 'utf8').trim());
  });

  it('a script that times out leaves no process behind, background children included', async () => {
    const bg = ['sleep', '311.5'];
    const run = await runCanary('sleeper', '@every 2s', { script: `${bg.join(' ')} & sleep 312.5` });
    expect(run.results[0]).toMatchObject({ pass: false });
    expect(run.results[0]!.error).toMatch(/timed out|stopped/);
    await new Promise((r) => setTimeout(r, 300));
    expect(pidsOf(bg)).toEqual([]);
    expect(pidsOf(['sleep', '312.5'])).toEqual([]);
  });

  it('caps the output a check keeps', async () => {
    const run = await runCanary('chatty', '@every 1h', {
      script: "head -c 3000000 /dev/zero | tr '\\0' a",
      test: { expr: 'size(results.stdout) == 1048576' },
    });
    expect(run.results[0]).toMatchObject({ pass: true });
  });
});

describe('exec.restrictToAdmin', () => {
  const dbPost = (relation: string, body: unknown, as: 'editor' | 'admin') =>
    s.json<{ message?: string }>(`/api/db/${relation}`, {
      method: 'POST',
      as,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const execSpec = { exec: [{ name: 'x', script: 'true' }] };
  const scraperSpec = { exec: [{ type: 'T', id: '$.id', script: 'echo {}' }] };

  it('refuses an editor who applies or writes code, names the setting, and lets an admin do it', async () => {
    const byEditor = await apply(s, canary('editor-exec', '@every 1h', { script: 'true' }), 'editor');
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.message).toContain('exec.restrictToAdmin');
    const viaDb = await dbPost('canaries', { name: 'editor-db-exec', spec: execSpec }, 'editor');
    expect(viaDb.status).toBe(403);
    expect(viaDb.body.message).toContain('exec.restrictToAdmin');
    const scraper = await dbPost('config_scrapers', { name: 'editor-db-scraper', spec: scraperSpec }, 'editor');
    expect(scraper.status).toBe(403);
    expect(
      (await dbPost('canaries', { name: 'editor-http', spec: { http: [{ name: 'h', url: 'http://127.0.0.1:9/' }] } }, 'editor')).status,
    ).toBe(201);
    expect((await apply(s, canary('admin-exec', '@every 1h', { script: 'true' }), 'admin')).status).toBe(200);
    expect((await dbPost('canaries', { name: 'admin-db-exec', spec: execSpec }, 'admin')).status).toBe(201);
  });

  it('lets an editor write code when the setting is false', async () => {
    const flag = 'apiVersion: ops.console/v1\nkind: FeatureFlag\nmetadata:\n  name: exec.restrictToAdmin\nspec:\n  value: "false"\n';
    expect((await apply(s, flag, 'admin')).status).toBe(200);
    expect((await apply(s, canary('editor-exec-2', '@every 1h', { script: 'true' }), 'editor')).status).toBe(200);
    expect((await dbPost('config_scrapers', { name: 'editor-db-scraper-2', spec: scraperSpec }, 'editor')).status).toBe(201);
  });
});
