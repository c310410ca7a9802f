import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildCanaryDocumentSchema,
  CANARY_CHECK_SCHEMAS,
  canaryDocumentSchema,
  canaryJsonSchema,
  checkEntryJsonSchema,
  RUNNABLE_CHECK_SCHEMAS,
} from './canary-spec.zod.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every check type the server knows (runnable ones first), as canary-checker spells them. */
const SERVER_CHECK_TYPES = [
  'http', 'tcp', 'icmp', 'dns', 'exec', 'folder', 'postgres', 'mysql', 'mssql', 'mongodb', 'redis', 'prometheus',
  'alertmanager', 'elasticsearch', 'opensearch', 'kubernetes', 'kubernetesResource', 'pod', 'namespace', 'helm', 's3',
  'cloudwatch', 'awsConfig', 'awsConfigRule', 'ec2', 'gcsBucket', 'pubsub', 'databaseBackup', 'azureDevops', 'docker',
  'dockerPush', 'containerd', 'containerdPush', 'ldap', 'smb', 'restic', 'jmeter', 'junit', 'github', 'gitProtocol',
  'dynatrace', 'catalog', 'webhook',
]; // prettier-ignore

const doc = (spec: Json) => ({ apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'c' }, spec });

describe('Canary JSON Schema derived from the zod schema', () => {
  const schema = canaryJsonSchema() as Json;
  const spec = schema.properties.spec as Json;

  it('is a draft-7 Canary document schema with every check type the server supports', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.required).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(schema.properties.kind).toMatchObject({ const: 'Canary' });
    expect(Object.keys(CANARY_CHECK_SCHEMAS).sort()).toEqual([...SERVER_CHECK_TYPES].sort());
    for (const type of SERVER_CHECK_TYPES) expect(spec.properties[type], type).toMatchObject({ type: 'array', items: { type: 'object' } });
  });

  it('carries the fields, requirements, bounds and descriptions of the check types', () => {
    const http = spec.properties.http.items as Json;
    expect(http.properties.thresholdMillis).toMatchObject({
      type: 'integer',
      minimum: 0,
      description: expect.stringMatching(/milliseconds/),
    });
    expect(http.properties.responseCodes.items).toMatchObject({ minimum: 100, maximum: 599 });
    expect(spec.properties.tcp.items.required).toEqual(['endpoint']);
    expect(spec.properties.dns.items.properties.querytype.description).toMatch(/AAAA/);
    expect(spec.properties.schedule.description).toMatch(/cron/);
    expect(checkEntryJsonSchema('exec')).toMatchObject({ required: ['script'], properties: { script: { type: 'string', minLength: 1 } } });
    expect(checkEntryJsonSchema('no-such-type')).toMatchObject({ type: 'object', properties: { name: { type: 'string' } } });
  });

  it('shows a field added to a check type in the JSON Schema and in validation, by itself', () => {
    const extended = buildCanaryDocumentSchema({
      ...CANARY_CHECK_SCHEMAS,
      tcp: RUNNABLE_CHECK_SCHEMAS.tcp.extend({ retries: z.number().int().min(0).optional().describe('Attempts before failing') }),
    });
    const tcp = (canaryJsonSchema(extended) as Json).properties.spec.properties.tcp.items;
    expect(tcp.properties.retries).toMatchObject({ type: 'integer', minimum: 0, description: 'Attempts before failing' });
    expect(spec.properties.tcp.items.properties.retries).toBeUndefined();
    const bad = extended.safeParse(doc({ tcp: [{ endpoint: 'h:1', retries: -1 }] }));
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['spec.tcp.0.retries']);
  });
});

describe('canaryDocumentSchema', () => {
  it('refuses with the server messages, at the field', () => {
    const r = canaryDocumentSchema.safeParse({
      ...doc({ dns: [{ query: 'x', querytype: 'axfr' }], http: 'nope' }),
      apiVersion: 'v1',
    });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'apiVersion: must be canaries.flanksource.com/v1',
      'spec.http: must be a list of checks',
      'spec.dns.0.querytype: unknown query type "AXFR" (use A, AAAA, CNAME, PTR, MX, NS, TXT, SRV)',
    ]);
  });

  it('keeps fields it does not know', () => {
    const r = canaryDocumentSchema.parse(doc({ custom: 1, http: [{ url: 'http://x', extra: true }] }));
    expect(r.spec).toMatchObject({ custom: 1, http: [{ url: 'http://x', extra: true }] });
  });
});
