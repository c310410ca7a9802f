import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

interface ApplyBody {
  results?: { kind: string; name: string; namespace: string | null; action: string }[];
  error?: string;
  details?: unknown;
}

const flag = (name: string, value: string) =>
  `apiVersion: ops.console/v1\nkind: FeatureFlag\nmetadata:\n  name: ${name}\nspec:\n  value: ${value}\n`;

function apply(body: string, contentType = 'application/yaml', as: TestUser = 'admin') {
  return s.json<ApplyBody>('/api/resources/apply', { method: 'POST', headers: { 'content-type': contentType }, body, as });
}

async function flagRow(name: string) {
  return s.ctx.db.kysely.selectFrom('properties').selectAll().where('name', '=', name).executeTakeFirst();
}

describe('POST /api/resources/apply with FeatureFlag documents', () => {
  it('creates, leaves unchanged and updates flags from multi-document YAML', async () => {
    const docs = [flag('health.disable', 'true'), flag('logs.disable', '"false"')].join('---\n');
    const first = await apply(docs);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { kind: 'FeatureFlag', name: 'health.disable', namespace: null, id: 'health.disable', action: 'created' },
      { kind: 'FeatureFlag', name: 'logs.disable', namespace: null, id: 'logs.disable', action: 'created' },
    ]);
    const row = await flagRow('health.disable');
    expect(row).toMatchObject({ value: 'true', source: 'apply', created_by: s.ids.admin });

    const again = await apply(docs);
    expect(again.body.results?.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);

    const changed = await apply([flag('health.disable', 'false'), flag('logs.disable', 'false')].join('---\n'));
    expect(changed.body.results?.map((r) => r.action)).toEqual(['updated', 'unchanged']);
    expect((await flagRow('health.disable'))?.value).toBe('false');
  });

  it('takes over a flag the UI created (source db) and lets editors apply', async () => {
    await s.ctx.db.kysely.insertInto('properties').values({ name: 'ui.flag', value: 'x', source: 'db' }).execute();
    const r = await apply(flag('ui.flag', 'x'), 'text/yaml', 'editor');
    expect(r.status).toBe(200);
    expect(r.body.results?.[0]?.action).toBe('updated');
    expect((await flagRow('ui.flag'))?.source).toBe('apply');
  });

  it('accepts JSON: one object, an array, and {items: [...]}', async () => {
    const doc = (name: string) => ({ apiVersion: 'ops.console/v1', kind: 'FeatureFlag', metadata: { name }, spec: { value: 1 } });
    const one = await apply(JSON.stringify(doc('json.one')), 'application/json');
    const many = await apply(JSON.stringify([doc('json.two'), doc('json.three')]), 'application/json; charset=utf-8');
    const items = await apply(JSON.stringify({ items: [doc('json.four')] }), 'application/json');
    expect([one.status, many.status, items.status]).toEqual([200, 200, 200]);
    expect(many.body.results?.map((r) => r.name)).toEqual(['json.two', 'json.three']);
    expect((await flagRow('json.four'))?.value).toBe('1');
  });

  it('refuses a viewer with 403 naming the kind, and writes nothing', async () => {
    const r = await apply(flag('viewer.flag', 'true'), 'application/yaml', 'viewer');
    expect(r.status).toBe(403);
    expect(r.body.error).toContain('FeatureFlag');
    expect(await flagRow('viewer.flag')).toBeUndefined();
  });

  it('answers bad YAML with 400 and the line and column', async () => {
    const r = await apply(`${flag('a.b', 'true')}---\nkind: FeatureFlag\nmetadata: [oops\n`);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^invalid YAML at line \d+, column \d+: /);
    expect(r.body.details).toEqual({ line: expect.any(Number), column: expect.any(Number) });
    expect(await flagRow('a.b')).toBeUndefined();
  });

  it('answers bad JSON with 400 and the position', async () => {
    const r = await apply('{\n  "kind": "FeatureFlag"\n  "spec": {}\n}', 'application/json');
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('invalid JSON at line 3, column 3');
  });

  it('answers an unknown kind with 400 naming it', async () => {
    const r = await apply('apiVersion: ops.console/v1\nkind: Gadget\nmetadata: {name: g}\nspec: {}\n');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('document 1 at line 1 (Gadget g): unknown kind Gadget');
  });

  it('recognises Flanksource kinds but refuses them with 422 for now', async () => {
    const r = await apply(
      'apiVersion: mission-control.flanksource.com/v1\nkind: Notification\nmetadata: {name: web, namespace: default}\nspec: {events: []}\n',
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toContain('kind Notification is not supported by this server yet');
  });

  it('writes nothing when one document of three is invalid, naming document, kind, name and field', async () => {
    const docs = [flag('three.one', 'true'), flag('three.two', '[1, 2]'), flag('three.three', 'true')].join('---\n');
    const r = await apply(docs);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('document 2 at line 8 (FeatureFlag three.two): spec.value: must be a string, number or boolean');
    expect(r.body.details).toEqual([
      {
        status: 400,
        document: 2,
        line: 8,
        kind: 'FeatureFlag',
        name: 'three.two',
        field: 'spec.value',
        message: 'must be a string, number or boolean',
      },
    ]);
    expect(await flagRow('three.one')).toBeUndefined();
    expect(await flagRow('three.three')).toBeUndefined();
  });

  it('rolls back every document when applying one fails (a local flag)', async () => {
    await s.ctx.db.kysely.insertInto('properties').values({ name: 'local.flag', value: 'on', source: 'local' }).execute();
    const r = await apply([flag('before.local', 'true'), flag('local.flag', 'off')].join('---\n'));
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('document 2 at line 8 (FeatureFlag local.flag): Cannot edit local feature flags');
    expect(await flagRow('before.local')).toBeUndefined();
    expect((await flagRow('local.flag'))?.value).toBe('on');
  });

  it('rejects unknown fields, a wrong apiVersion, duplicates and an empty body', async () => {
    const typo = await apply('apiVersion: ops.console/v1\nkind: FeatureFlag\nmetadata: {name: t}\nspec: {valeu: 1}\n');
    expect(typo.body.error).toContain('spec: Unrecognized key: "valeu"');
    const version = await apply('apiVersion: ops.console/v2\nkind: FeatureFlag\nmetadata: {name: t}\nspec: {value: 1}\n');
    expect(version.body.error).toContain('ops.console/v2 is not an apiVersion of FeatureFlag (expected ops.console/v1)');
    const dup = await apply([flag('dup.flag', '1'), flag('dup.flag', '2')].join('---\n'));
    expect(dup.body.error).toContain('document 2 at line 8 (FeatureFlag dup.flag): duplicates document 1');
    const empty = await apply('---\n');
    expect([typo.status, version.status, dup.status, empty.status]).toEqual([400, 400, 400, 400]);
    expect(empty.body.error).toBe('the request body holds no documents');
  });

  it('answers 415 for a body type it does not read, and 401 without credentials', async () => {
    const r = await apply(flag('plain.flag', 'true'), 'text/plain');
    expect(r.status).toBe(415);
    expect(r.body.error).toContain('application/yaml');
    const anon = await s.json('/api/resources/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: flag('x', '1'),
      as: null,
    });
    expect(anon.status).toBe(401);
  });
});

describe('GET and DELETE /api/resources/{kind}', () => {
  interface ListBody {
    kind: string;
    columns: { header: string; path: string }[];
    items: { metadata: { name: string }; spec: { value: string }; status: { source: string } }[];
  }

  it('lists and gets flags by kind name or alias, for viewers too', async () => {
    await apply(flag('list.a', 'true'));
    const list = await s.json<ListBody>('/api/resources/flags', { as: 'viewer' });
    expect(list.status).toBe(200);
    expect(list.body.kind).toBe('FeatureFlag');
    expect(list.body.columns.map((c) => c.header)).toEqual(['VALUE', 'SOURCE', 'UPDATED']);
    expect(list.body.items.find((i) => i.metadata.name === 'list.a')).toMatchObject({
      spec: { value: 'true' },
      status: { source: 'apply' },
    });
    const one = await s.json<{ kind: string; metadata: { name: string; createdBy: string } }>('/api/resources/FeatureFlag/list.a');
    const admin = await s.ctx.db.kysely.selectFrom('people').select('name').where('id', '=', s.ids.admin).executeTakeFirstOrThrow();
    expect(one.body).toMatchObject({ kind: 'FeatureFlag', metadata: { name: 'list.a', createdBy: admin.name } });
    const page = await s.json<ListBody>('/api/resources/featureflag?limit=1&offset=1');
    expect(page.body.items).toHaveLength(1);
  });

  it('answers 404, 400 and 422 for a missing flag, an unknown kind and an unsupported kind', async () => {
    const missing = await s.json<{ error: string }>('/api/resources/FeatureFlag/no.such.flag');
    expect([missing.status, missing.body.error]).toEqual([404, 'FeatureFlag no.such.flag not found']);
    const unknown = await s.json<{ error: string }>('/api/resources/gadgets');
    expect([unknown.status, unknown.body.error]).toEqual([400, 'unknown kind gadgets']);
    const notifications = await s.json<{ error: string }>('/api/resources/notifications');
    expect([notifications.status, notifications.body.error]).toEqual([422, 'kind Notification is not supported by this server yet']);
  });

  it('deletes a flag, refusing viewers and local flags', async () => {
    await apply(flag('delete.me', 'true'));
    const viewer = await s.json('/api/resources/FeatureFlag/delete.me', { method: 'DELETE', as: 'viewer' });
    expect(viewer.status).toBe(403);
    const ok = await s.json('/api/resources/FeatureFlag/delete.me', { method: 'DELETE' });
    expect(ok).toMatchObject({ status: 200, body: { kind: 'FeatureFlag', name: 'delete.me', namespace: null, action: 'deleted' } });
    expect(await flagRow('delete.me')).toBeUndefined();
    const again = await s.json('/api/resources/FeatureFlag/delete.me', { method: 'DELETE' });
    expect(again.status).toBe(404);
    await s.ctx.db.kysely.insertInto('properties').values({ name: 'local.keep', value: 'on', source: 'local' }).execute();
    const local = await s.json<{ error: string }>('/api/resources/FeatureFlag/local.keep', { method: 'DELETE' });
    expect([local.status, local.body.error]).toEqual([403, 'Cannot edit local feature flags']);
    expect(await flagRow('local.keep')).toBeDefined();
  });

  it('lists the kinds it knows, supported or not', async () => {
    const r = await s.json<{ kinds: { kind: string; supported: boolean; apiVersions: string[] }[] }>('/api/resources');
    const byKind = Object.fromEntries(r.body.kinds.map((k) => [k.kind, k]));
    expect(byKind.FeatureFlag).toMatchObject({ supported: true, apiVersions: ['ops.console/v1'] });
    for (const k of ['Notification', 'NotificationSilence']) {
      expect(byKind[k]?.supported).toBe(false);
    }
    for (const k of ['Canary', 'Team', 'Connection', 'Topology', 'Playbook']) expect(byKind[k]?.supported).toBe(true);
    expect(byKind.ScrapeConfig).toMatchObject({ supported: true, apiVersions: ['configs.flanksource.com/v1'] });
  });
});
