// Playbooks through HTTP on the real database: every conformance fixture applied with POST /api/resources/apply
// and read back (bad ones refused naming the field, nothing written), webhook paths owned by one playbook, soft
// delete; the /api/db relations: create, edit and soft-delete with 400s naming the spec's field, 403 for viewers
// and for editors writing exec actions, masked credentials, playbook_names, and runs with the playbook embedded.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const FOLDERS = ['mission-control/fixtures/playbooks', 'mission-control/playbook/testdata'].map((f) =>
  path.resolve(REPO, '../shared/conformance', f),
);
const fixtures = FOLDERS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') })),
);
const good = fixtures.filter((f) => !f.file.startsWith('bad-'));
const bad = fixtures.filter((f) => f.file.startsWith('bad-'));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

interface ApplyBody {
  results?: { kind: string; name: string; namespace: string; id: string; action: string }[];
  error?: string;
}
const apply = (body: string, as: TestUser = 'admin') =>
  s.json<ApplyBody>('/api/resources/apply', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body, as });
const db = <T>(method: string, target: string, body?: unknown, as: TestUser = 'admin') =>
  s.json<T>(`/api/db/${target}`, {
    as,
    method,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const row = async (name: string) =>
  (
    await sql<Record<string, unknown>>`SELECT * FROM playbooks WHERE name = ${name} ORDER BY created_at DESC LIMIT 1`.execute(
      s.ctx.db.kysely,
    )
  ).rows[0];
const nameOf = (text: string) => (parse(text) as { metadata: { name: string } }).metadata.name;
const httpSpec = { actions: [{ name: 'call', http: { url: 'http://127.0.0.1:1/x', headers: [{ name: 'X-Token', value: 'secret123' }] } }] };

describe('Playbook kind through POST /api/resources/apply', () => {
  it('applies every good conformance fixture, reads it back, and leaves a second apply unchanged', async () => {
    expect(good.length).toBe(16);
    const first = await apply(good.map((f) => f.text.replace(/^---\n/, '')).join('\n---\n'));
    expect([first.status, first.body.error]).toEqual([200, undefined]);
    expect(first.body.results!.map((r) => r.action)).toEqual(good.map(() => 'created'));
    for (const f of good) {
      const name = nameOf(f.text);
      const got = await s.json<{ spec: unknown; metadata: { namespace: string }; status: { source: string } }>(
        `/api/resources/Playbook/${name}`,
      );
      expect(got.status, f.file).toBe(200);
      expect(got.body.spec, f.file).toEqual((parse(f.text) as { spec: unknown }).spec);
      expect(got.body).toMatchObject({ metadata: { namespace: 'default' }, status: { source: 'apply' } });
    }
    expect(await row('notify-send')).toMatchObject({ title: 'notify-send', category: 'Exec', source: 'apply', created_by: s.ids.admin });
    expect(await row('echo-simple')).toMatchObject({ title: 'echo-simple', category: 'Other', description: null });
    expect(await row('log-component-status')).toMatchObject({ description: 'Post component name and status to webhook' });
    const again = await apply(good[0]!.text);
    expect(again.body.results![0]!.action).toBe('unchanged');
    const list = await s.json<{ items: { metadata: { name: string } }[] }>('/api/resources/playbooks?limit=100', { as: 'viewer' });
    expect(list.body.items.map((i) => i.metadata.name)).toEqual(expect.arrayContaining(good.map((f) => nameOf(f.text))));
  });

  it('refuses the bad fixtures naming the field, and writes nothing of a batch with one bad document', async () => {
    const fields: Record<string, string> = {
      'bad-action-spec.yaml': 'spec.actions[0].exec.script: invalid template',
      'bad-spec.yaml': 'spec.actions[0].delay: invalid CEL expression',
    };
    expect(bad.map((f) => f.file).sort()).toEqual(Object.keys(fields).sort());
    for (const f of bad) {
      const r = await apply(f.text);
      expect(r.status, f.file).toBe(400);
      expect(r.body.error, f.file).toContain(fields[f.file]);
      expect(await row(nameOf(f.text))).toBeUndefined();
    }
    const okDoc =
      'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata: {name: batch-ok}\nspec: {actions: [{name: a, exec: {script: ls}}]}\n';
    const r = await apply(`${okDoc}---\n${bad[0]!.text}`);
    expect(r.status).toBe(400);
    expect(await row('batch-ok')).toBeUndefined();
  });

  it('gives a webhook path to one live playbook only (409 naming the field)', async () => {
    const doc = (name: string) =>
      `apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata: {name: ${name}}\nspec:\n  on: {webhook: {path: my-webhook}}\n  actions: [{name: a, exec: {script: ls}}]\n`;
    const r = await apply(doc('second-webhook'));
    expect(r.status).toBe(409);
    expect(r.body.error).toContain('spec.on.webhook.path: my-webhook is already the webhook of playbook default/create-file-on-webhook');
  });

  it('soft-deletes a playbook: gone from get and playbook_names, its row kept with deleted_at', async () => {
    const del = await s.json('/api/resources/Playbook/echo-simple', { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await s.json('/api/resources/Playbook/echo-simple')).status).toBe(404);
    expect((await row('echo-simple'))!.deleted_at).toBeInstanceOf(Date);
    const names = await db<Array<{ name: string }>>('GET', 'playbook_names?select=name&name=eq.echo-simple', undefined, 'viewer');
    expect(names.body).toEqual([]);
    expect((await apply(good.find((f) => f.file === 'echo.yaml')!.text)).body.results![0]!.action).toBe('created');
  });
});

describe('/api/db/playbooks', () => {
  it('creates a playbook from a title and spec, with the caller, the source and the default category', async () => {
    const r = await db<Array<Record<string, unknown>>>(
      'POST',
      'playbooks',
      { name: 'restart', title: 'Restart', spec: httpSpec },
      'editor',
    );
    expect(r.status).toBe(201);
    expect(r.body[0]).toMatchObject({ name: 'restart', title: 'Restart', category: 'Other', source: 'UI', created_by: s.ids.editor });
  });

  it('derives a unique name from the title when none is given', async () => {
    const one = await db<Array<{ name: string }>>('POST', 'playbooks', { title: 'Scale Up: Web!', spec: httpSpec });
    expect([one.status, one.body[0]?.name]).toEqual([201, 'scale-up-web']);
    const two = await db<Array<{ name: string }>>('POST', 'playbooks', { title: 'scale up web', spec: httpSpec });
    expect([two.status, two.body[0]?.name]).toEqual([201, 'scale-up-web-2']);
  });

  it('refuses bad specs and fields with 400 naming them', async () => {
    const post = (body: unknown) => db<{ message: string }>('POST', 'playbooks', body);
    const badTemplate = await post({
      name: 'bad-1',
      title: 'Bad',
      spec: { actions: [{ name: 'a', exec: { script: '{{bad-template}}' } }] },
    });
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.body.message).toContain('spec.actions[0].exec.script: invalid template');
    const noScript = await post({ name: 'bad-2', title: 'Bad', spec: { actions: [{ name: 'a', exec: { command: 'ls' } }] } });
    expect(noScript.body.message).toContain('spec.actions[0].exec.script: is required');
    const noActions = await post({ name: 'bad-3', title: 'Bad', spec: { actions: null } });
    expect(noActions.body.message).toContain('spec.actions: must be a list of actions');
    const noTitle = await post({ name: 'bad-4', spec: httpSpec });
    expect([noTitle.status, noTitle.body.message]).toEqual([400, "Invalid value for column 'title' of 'playbooks': is required"]);
    const badName = await post({ name: 'Bad Name', title: 'x', spec: httpSpec });
    expect(badName.body.message).toContain("Invalid value for column 'name'");
  });

  it('edits title and spec with the same checks, and soft-deletes', async () => {
    const id = ((await row('restart')) as { id: string }).id;
    const patch = await db<Array<{ title: string; category: string }>>('PATCH', `playbooks?id=eq.${id}`, {
      title: 'Restart it',
      category: 'Ops',
      source: 'somewhere',
      spec: { ...httpSpec, description: 'new' },
    });
    expect([patch.status, patch.body[0]]).toEqual([200, expect.objectContaining({ title: 'Restart it', category: 'Ops', source: 'UI' })]);
    const badIf = await db<{ message: string }>('PATCH', `playbooks?id=eq.${id}`, {
      spec: { actions: [{ name: 'a', if: 'success( &&', http: { url: 'http://x' } }] },
    });
    expect([badIf.status, badIf.body.message]).toEqual([400, expect.stringContaining('spec.actions[0].if: invalid CEL expression')]);
    const del = await db('DELETE', `playbooks?id=eq.${id}`);
    expect(del.status).toBe(200);
    expect((await row('restart'))!.deleted_at).toBeInstanceOf(Date);
    const live = await db<unknown[]>('GET', `playbooks?id=eq.${id}&deleted_at=is.null`);
    expect(live.body).toEqual([]);
  });

  it('refuses viewers (403), and editors writing exec actions while exec is restricted to admins', async () => {
    const viewer = await db<{ code: string }>('POST', 'playbooks', { name: 'v', title: 'V', spec: httpSpec }, 'viewer');
    expect([viewer.status, viewer.body.code]).toEqual([403, '42501']);
    const exec = { actions: [{ name: 'a', exec: { script: 'ls' } }] };
    const editor = await db<{ error: string }>('POST', 'playbooks', { name: 'e', title: 'E', spec: exec }, 'editor');
    expect(editor.status).toBe(403);
    expect(JSON.stringify(editor.body)).toContain('exec.restrictToAdmin');
    const applied = await apply(
      'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata: {name: e}\nspec: {actions: [{name: a, exec: {script: ls}}]}\n',
      'editor',
    );
    expect(applied.status).toBe(403);
  });

  it('masks credentials in specs for callers who cannot write playbooks', async () => {
    const q = 'playbooks?select=spec&name=eq.log-component-status';
    const header = (body: Array<{ spec: { actions: Array<{ http: { headers: Array<{ value: string }> } }> } }>) =>
      body[0]!.spec.actions[0]!.http.headers[1]!.value;
    expect(header((await db<never>('GET', q, undefined, 'admin')).body)).toBe('secret123');
    expect(header((await db<never>('GET', q, undefined, 'viewer')).body)).toBe('••••••');
  });

  it('lists playbook names for pickers', async () => {
    const names = await db<Array<{ name: string; title: string; category: string }>>(
      'GET',
      'playbook_names?select=name,title,category&name=eq.notify-send',
      undefined,
      'viewer',
    );
    expect(names.body).toEqual([{ name: 'notify-send', title: 'notify-send', category: 'Exec' }]);
  });
});

describe('/api/db/playbook_runs and playbook_run_actions', () => {
  let playbookId = '';
  let runId = '';
  beforeAll(async () => {
    playbookId = ((await row('notify-send')) as { id: string }).id;
    const k = s.ctx.db.kysely;
    const ins = await sql<{ id: string }>`
      INSERT INTO playbook_runs (playbook_id, status, start_time, request, created_by)
      VALUES (${playbookId}, 'failed', '2026-01-02T03:00:00Z', '{"headers": {"authorization": "x"}}', ${s.ids.admin}),
             (${playbookId}, 'completed', '2026-01-05T03:00:00Z', NULL, NULL)
      RETURNING id`.execute(k);
    runId = ins.rows[0]!.id;
    await sql`INSERT INTO playbook_run_actions (playbook_run_id, name, position, status, result)
      VALUES (${runId}, 'Modify repo', 0, 'failed', '{"stdout": "", "stderr": "boom", "exitCode": 1}')`.execute(k);
  });

  it('lists runs with the playbook embedded and the runs-list filters', async () => {
    const r = await db<Array<{ id: string; status: string; playbooks: unknown }>>(
      'GET',
      `playbook_runs?select=id,status,playbooks(id,name,title,icon)&playbook_id=eq.${playbookId}&status=eq.failed` +
        '&start_time=gte.2026-01-01T00:00:00Z&start_time=lt.2026-01-03T00:00:00Z',
      undefined,
      'viewer',
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: runId, status: 'failed', playbooks: { id: playbookId, name: 'notify-send', title: 'notify-send', icon: null } },
    ]);
    const all = await db<Array<Record<string, unknown>>>(
      'GET',
      `playbook_runs?select=*,playbooks(id,name,title,icon)&playbook_id=eq.${playbookId}&config_id=is.null&order=start_time.desc`,
    );
    expect(all.body.map((r) => r.status)).toEqual(['completed', 'failed']);
    expect(Object.keys(all.body[0]!)).toEqual(expect.arrayContaining(['id', 'status', 'parameters', 'trigger', 'playbooks']));
    expect(Object.keys(all.body[0]!)).not.toContain('request');
  });

  it('keeps the webhook request server-side and the runs read-only', async () => {
    const req = await db<{ code: string }>('GET', 'playbook_runs?select=request', undefined, 'admin');
    expect(req.status).toBe(400);
    const write = await db('PATCH', `playbook_runs?id=eq.${runId}`, { status: 'completed' });
    expect(write.status).toBe(405);
  });

  it('lists a run’s actions with their results', async () => {
    const r = await db<Array<{ name: string; status: string; result: { stderr: string } }>>(
      'GET',
      `playbook_run_actions?playbook_run_id=eq.${runId}&select=name,status,result&order=position.asc,attempt.asc`,
      undefined,
      'viewer',
    );
    expect(r.body).toEqual([{ name: 'Modify repo', status: 'failed', result: { stdout: '', stderr: 'boom', exitCode: 1 } }]);
  });
});
