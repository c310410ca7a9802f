import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { syncLocalProperties } from './settings.service.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ops-local-props-'));
const file = path.join(dir, 'flags.properties');
let s: TestServer;

async function properties(): Promise<{ name: string; value: string; source: string }[]> {
  const { rows } = await s.db.pool.query('SELECT name, value, source FROM properties ORDER BY name');
  return rows;
}

beforeAll(async () => {
  writeFileSync(file, '# local flags\nincidents.disable=true\nlogs.disable = false\n');
  s = await startTestServer({ OPS_JOBS: 'false', OPS_PROPERTIES_FILE: file });
});
afterAll(async () => {
  await s?.stop();
});

describe('local properties', () => {
  it('loads the properties file at start with source local', async () => {
    expect(await properties()).toEqual([
      { name: 'incidents.disable', value: 'true', source: 'local' },
      { name: 'logs.disable', value: 'false', source: 'local' },
    ]);
  });

  it('updates changed values, takes over a same-named db flag, removes local rows no longer in the file, keeps db rows', async () => {
    await s.db.pool.query(
      `INSERT INTO properties (name, value, source) VALUES ('playbooks.disable', 'true', 'db'), ('health.disable', 'true', 'db')`,
    );
    writeFileSync(file, 'logs.disable=true\nhealth.disable=false\n');
    const result = await syncLocalProperties(s.ctx);
    expect(result).toMatchObject({ file, upserted: 2, removed: 1 });
    expect(await properties()).toEqual([
      { name: 'health.disable', value: 'false', source: 'local' },
      { name: 'logs.disable', value: 'true', source: 'local' },
      { name: 'playbooks.disable', value: 'true', source: 'db' },
    ]);
  });

  it('removes every local row when no file is configured or present', async () => {
    await syncLocalProperties({ ...s.ctx, config: { ...s.ctx.config, OPS_PROPERTIES_FILE: undefined, dataDir: dir } });
    expect(await properties()).toEqual([{ name: 'playbooks.disable', value: 'true', source: 'db' }]);
  });

  it('refuses to start with a malformed file, naming the file and line', async () => {
    const bad = path.join(dir, 'bad.properties');
    writeFileSync(bad, 'ok=1\nnot a pair\n');
    await expect(startTestServer({ OPS_JOBS: 'false', OPS_PROPERTIES_FILE: bad })).rejects.toThrow(`${bad}:2: expected key=value`);
  });
});
