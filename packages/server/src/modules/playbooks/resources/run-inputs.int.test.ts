// What a run is given, on a real PostgreSQL: the resource row templates see, whether a playbook applies to
// a resource (or to none), the template env of a run, and parameter values resolved and checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { PlaybookInputError } from '../engine/errors.js';
import { insertCanary, insertCheck, insertComponent, insertConfig } from './read-test-helpers.js';
import { resolveParamValues } from './render-params.js';
import { playbookAppliesTo } from './resource-match.js';
import { loadRunResource } from './resource-ref.js';
import { buildTemplateEnv, TemplateEnvError } from './template-env.js';

let s: TestServer;
const id: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const db = s.ctx.db.kysely;
  id.pod = await insertConfig(db, {
    name: 'pod-a',
    type: 'Kubernetes::Pod',
    configClass: 'Pod',
    tags: { namespace: 'prod' },
    config: { a: 1 },
  });
  id.svc = await insertComponent(db, { name: 'svc', type: 'Service' });
  id.check = await insertCheck(db, await insertCanary(db, 'probes'), { name: 'api', type: 'http', spec: { password: 'x' } });
});
afterAll(async () => {
  await s?.stop();
});

describe('loadRunResource', () => {
  it('loads a config as its configs row with the config JSON, a component, and a check with its canary but not its spec', async () => {
    const db = s.ctx.db.kysely;
    const { config } = await loadRunResource(db, { config_id: id.pod });
    expect(config).toMatchObject({
      id: id.pod,
      name: 'pod-a',
      type: 'Kubernetes::Pod',
      config_class: 'Pod',
      tags: { namespace: 'prod' },
      config: { a: 1 },
    });
    expect(config).toHaveProperty('last_scraped_time');
    expect((await loadRunResource(db, { component_id: id.svc })).component).toMatchObject({ id: id.svc, name: 'svc', type: 'Service' });
    const { check } = await loadRunResource(db, { check_id: id.check });
    expect(check).toMatchObject({ id: id.check, name: 'api', canary_name: 'probes', canary: { name: 'probes', namespace: 'default' } });
    expect(check).not.toHaveProperty('spec');
    expect(await loadRunResource(db, {})).toEqual({});
    await expect(loadRunResource(db, { check_id: id.pod })).rejects.toMatchObject({
      statusCode: 404,
      message: `check_id: no check with id ${id.pod}`,
    });
  });
});

describe('playbookAppliesTo', () => {
  it('needs a matching resource when the spec has selectors, and no resource when it has none', async () => {
    const db = s.ctx.db.kysely;
    const pods = { configs: [{ types: ['Kubernetes::Pod'] }] };
    expect(await playbookAppliesTo(db, pods, { config_id: id.pod })).toBe(true);
    expect(await playbookAppliesTo(db, pods, {})).toBe(false);
    expect(await playbookAppliesTo(db, pods, { component_id: id.svc })).toBe(false);
    expect(await playbookAppliesTo(db, { configs: [{ types: ['Kubernetes::Node'] }] }, { config_id: id.pod })).toBe(false);
    expect(await playbookAppliesTo(db, {}, {})).toBe(true);
    expect(await playbookAppliesTo(db, {}, { config_id: id.pod })).toBe(false);
    // A selector that cannot be read matches nothing instead of failing.
    expect(await playbookAppliesTo(db, { configs: [{ labelSelector: 'a in b' }] }, { config_id: id.pod })).toBe(false);
  });
});

describe('buildTemplateEnv', () => {
  it('gives templates the resource, params, rendered env, the user, the playbook and the run', async () => {
    const db = s.ctx.db.kysely;
    const resource = await loadRunResource(db, { config_id: id.pod });
    const env = await buildTemplateEnv(db, {
      playbook: {
        id: 'p1',
        name: 'restart',
        title: 'Restart',
        namespace: 'ops',
        spec: {
          env: [
            { name: 'TARGET', value: '{{.config.name}}-{{.params.n}}' },
            { name: 'N', value: 5 },
          ],
        },
      },
      run: { id: 'r1', parameters: { n: '2' }, created_by: s.ids.editor, request: { json: { a: 1 } } },
      resource,
    });
    expect(env).toMatchObject({
      config: { name: 'pod-a' },
      params: { n: '2' },
      env: { TARGET: 'pod-a-2', N: '5' },
      user: { id: s.ids.editor, email: 'editor@test.local' },
      playbook: { id: 'p1', name: 'restart', title: 'Restart', namespace: 'ops' },
      run: { id: 'r1' },
      request: { json: { a: 1 } },
    });
    await expect(
      buildTemplateEnv(db, {
        playbook: {
          id: 'p1',
          name: 'x',
          title: 'X',
          spec: { env: [{ name: 'S', valueFrom: { secretKeyRef: { name: 'nope', key: 'k' } } } as never] },
        },
        run: { id: 'r2', parameters: {} },
        resource: {},
      }),
    ).rejects.toThrow(new TemplateEnvError('spec.env[0].valueFrom: secret "default/nope" has no key "k"'));
  });
});

describe('resolveParamValues', () => {
  const spec = {
    parameters: [
      { name: 'message', label: 'Message', required: true, default: '{{.config.name}}' },
      { name: 'dry', label: 'Dry run', type: 'checkbox', default: 'false' },
      { name: 'target', label: 'Target', type: 'config' },
      { name: 'size', label: 'Size', type: 'text', properties: { maxLength: 5 } },
    ],
  };
  const playbook = { id: 'p1', name: 'x', title: 'X' };

  it('fills defaults from the resource, coerces checkboxes and loads config parameters as rows', async () => {
    const db = s.ctx.db.kysely;
    const resource = await loadRunResource(db, { config_id: id.pod });
    const values = await resolveParamValues(db, spec, { dry: 'true', target: id.pod }, { ...resource, env: {}, playbook });
    expect(values).toMatchObject({ message: 'pod-a', dry: true, target: { id: id.pod, name: 'pod-a', config: { a: 1 } } });
    expect(Object.keys(values)).toEqual(['message', 'dry', 'target']);
    const given = await resolveParamValues(db, spec, { message: 'hi' }, { env: {}, playbook });
    expect(given).toEqual({ message: 'hi', dry: false });
  });

  it('refuses a missing required value, a rule broken, an unknown name and a missing resource, naming the parameter', async () => {
    const db = s.ctx.db.kysely;
    const base = { env: {}, playbook };
    const refused = async (given: Record<string, unknown>) => {
      try {
        await resolveParamValues(db, spec, given, base);
      } catch (e) {
        expect(e).toBeInstanceOf(PlaybookInputError);
        expect((e as PlaybookInputError).status).toBe(400);
        return (e as Error).message;
      }
      throw new Error('not refused');
    };
    expect(await refused({})).toBe('params.message: Message is required');
    expect(await refused({ message: 'x', size: 'toolong' })).toMatch(/^params\.size: /);
    expect(await refused({ message: 'x', colour: 'red' })).toBe("params.colour: the playbook has no parameter named 'colour'");
    expect(await refused({ message: 'x', target: id.svc })).toBe(`params.target: no config item with id ${id.svc}`);
    expect(await refused({ message: 'x', target: 'not-an-id' })).toBe('params.target: no config item with id not-an-id');
  });
});
