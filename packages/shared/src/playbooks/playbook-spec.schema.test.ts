/// <reference types="node" />
// eslint-disable-next-line no-restricted-imports -- test-only file access, excluded from the build
import { readdirSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test-only path handling
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { playbookSpecJsonSchema, playbookSpecSchema } from './playbook-spec.schema.js';

const CONFORMANCE = join(import.meta.dirname, '../../../../../shared/conformance');
const FOLDERS = ['mission-control/fixtures/playbooks', 'mission-control/playbook/testdata'].map((f) => join(CONFORMANCE, f));
const SCHEMA_TESTDATA = join(CONFORMANCE, 'duty/schema/openapi/testdata');

const issues = (value: unknown) => {
  const r = playbookSpecSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const exec = { name: 'a', exec: { script: 'echo' } };

describe('Playbook spec schema', () => {
  it('accepts the spec of every conformance Playbook, keeping fields it does not describe', () => {
    let n = 0;
    for (const dir of FOLDERS) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
        const doc = parse(readFileSync(join(dir, file), 'utf8')) as { spec: unknown };
        expect(issues(doc.spec), file).toEqual([]);
        n++;
      }
    }
    expect(n).toBe(18);
    expect(playbookSpecSchema.parse({ actions: [{ ...exec, future: 1 }], extra: true })).toMatchObject({
      extra: true,
      actions: [{ future: 1 }],
    });
  });

  it('accepts the schema testdata valid playbook and refuses the invalid one naming the fields', () => {
    const read = (f: string): unknown => JSON.parse(readFileSync(join(SCHEMA_TESTDATA, f), 'utf8'));
    expect(issues(read('playbook-valid.json'))).toEqual([]);
    expect(issues(read('playbook-invalid.json'))).toEqual(['actions.0.name: is required', 'actions.0.exec.script: is required']);
  });

  it('requires actions, exactly one block per action, and what each block cannot run without', () => {
    expect(issues({})).toEqual(['actions: must be a list of actions']);
    expect(issues({ actions: null })).toEqual(['actions: must be a list of actions']);
    expect(issues({ actions: [] })).toEqual(['actions: needs at least one action']);
    expect(issues({ actions: [{ name: 'a' }] })).toEqual([
      'actions.0: needs one of exec, http, sql, notification, logs, gitops, pod, kubernetes',
    ]);
    expect(issues({ actions: [{ ...exec, http: { url: 'http://x' } }] })).toEqual([
      'actions.0: must have exactly one action type, found exec and http',
    ]);
    expect(issues({ actions: [{ name: 'h', http: { method: 'GET' } }] })).toEqual(['actions.0.http.url: needs a url or a connection']);
    expect(issues({ actions: [{ name: 's', sql: { connection: 'connection://db' } }] })).toEqual(['actions.0.sql.query: is required']);
    expect(issues({ actions: [{ name: 'l', logs: { query: 'x' } }] })).toEqual([
      'actions.0.logs: needs one of loki, opensearch, elasticsearch, kubernetes, cloudwatch, file, backend',
    ]);
    expect(issues({ actions: [{ name: 'g', gitops: { repo: { url: 'x' }, patches: [{ path: 'a.yaml' }] } }] })).toEqual([
      'actions.0.gitops.patches.0: needs one of yq, jq, patch, merge or content',
    ]);
    expect(issues({ actions: [{ name: 'p', pod: { name: 'x' } }] })).toEqual(['actions.0.pod.spec: is required (a pod spec)']);
  });

  it('checks parameters, triggers and approvals', () => {
    expect(issues({ actions: [exec], parameters: [{ name: 'a', type: 'number' }] })).toEqual([
      'parameters.0.type: must be one of text, code, checkbox, list, team, people, component, config, check, duration, millicores, bytes, secret',
    ]);
    expect(issues({ actions: [exec], parameters: [{ name: 'a' }, { name: 'a' }] })).toEqual([
      'parameters.1.name: duplicate parameter name a',
    ]);
    expect(issues({ actions: [exec], on: { webhook: { path: 'a/b' } } })).toEqual([
      'on.webhook.path: must be one path segment without /, ? or spaces',
    ]);
    expect(issues({ actions: [exec], on: { schedule: [{ parameters: {} }] } })).toEqual(['on.schedule.0.schedule: is required']);
    expect(issues({ actions: [exec], approval: { type: 'some' } })).toEqual(['approval.type: must be any or all']);
  });

  it('derives a draft-7 JSON Schema describing parameters, triggers and the action blocks', () => {
    const schema = playbookSpecJsonSchema();
    const text = JSON.stringify(schema);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    for (const field of [
      'parameters',
      'webhook',
      'approval',
      'exec',
      'http',
      'sql',
      'notification',
      'gitops',
      'templateBody',
      'artifacts',
    ]) {
      expect(text).toContain(`"${field}"`);
    }
  });
});
