/// <reference types="node" />
// eslint-disable-next-line no-restricted-imports -- test-only file access, excluded from the build
import { readdirSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test-only path handling
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { topologyDocumentSchema, topologyJsonSchema, topologySpecSchema } from './topology-spec.schema.js';

const FIXTURES = join(import.meta.dirname, '../../../../../shared/conformance/canary-checker/fixtures/topology');

const issues = (value: unknown) => {
  const r = topologyDocumentSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('Topology document schema', () => {
  it('accepts every conformance Topology unchanged, keeping fields it does not describe', () => {
    const files = readdirSync(FIXTURES).filter((f) => /\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const doc: unknown = parse(readFileSync(join(FIXTURES, file), 'utf8'));
      expect(issues(doc), file).toEqual([]);
    }
    const kept = topologySpecSchema.parse({ components: [{ name: 'a', customField: 1 }], extra: true });
    expect(kept).toMatchObject({ extra: true, components: [{ name: 'a', customField: 1 }] });
  });

  it('names the field that is wrong, also deep in nested components and forEach', () => {
    const base = { apiVersion: 'canaries.flanksource.com/v1', kind: 'Topology', metadata: { name: 't' } };
    expect(issues({ ...base, kind: 'Canary', spec: {} })).toEqual(['kind: must be Topology']);
    expect(issues({ ...base, metadata: {}, spec: {} })).toEqual(['metadata.name: is required']);
    expect(issues({ ...base, spec: { components: [{ name: 'x', components: [{ parentLookup: 'p' }] }] } })).toEqual([
      'spec.components.0.components.0.parentLookup: must be an object with name, type, namespace or externalID',
    ]);
    expect(issues({ ...base, spec: { components: [{ forEach: { properties: [{ value: 'high' }] } }] } })).toEqual([
      'spec.components.0.forEach.properties.0.value: must be a number',
    ]);
    expect(issues({ ...base, spec: { components: [{ logs: [{ backend: 'files' }] }] } })).toEqual([
      'spec.components.0.logs.0.name: is required',
    ]);
    expect(issues({ ...base, spec: { components: [{ checks: [{ selector: { labelSelector: 5 } }] }] } })).toEqual([
      'spec.components.0.checks.0.selector.labelSelector: must be a string',
    ]);
  });

  it('derives a draft-7 JSON Schema that describes components, properties and lookups', () => {
    const schema = topologyJsonSchema();
    const text = JSON.stringify(schema);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    for (const field of ['parentLookup', 'forEach', 'externalID', 'statusExpr', 'healthExpr', 'configLookup', 'lookup', 'logs']) {
      expect(text).toContain(`"${field}"`);
    }
  });
});
