import { scrapeConfigSchema } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  formTypeOf,
  fromScraperYaml,
  newScraperValues,
  starterYaml,
  toScraperDocument,
  toScraperYaml,
  validateScraperForm,
} from './scraper-form-model';
import { SCRAPER_TYPES } from './scraper-types';

const valuesOf = (yaml: string) => {
  const result = fromScraperYaml(yaml);
  if (!('values' in result)) throw new Error(result.error);
  return result.values;
};

describe('scraper types', () => {
  it('lists the eleven types sorted by label, four of them with a form', () => {
    expect(SCRAPER_TYPES.map((t) => t.label)).toEqual([
      'AWS',
      'Azure',
      'Azure DevOps',
      'Custom',
      'File',
      'Github Actions',
      'HTTP',
      'Kubernetes',
      'Kubernetes File',
      'SQL',
      'Trivy',
    ]);
    expect(SCRAPER_TYPES.filter((t) => t.fields).map((t) => t.key)).toEqual(['file', 'http', 'kubernetes', 'sql']);
  });

  it('gives every code-only type a starter document the ScrapeConfig schema accepts', () => {
    for (const t of SCRAPER_TYPES.filter((type) => !type.fields)) {
      const doc = parse(starterYaml(t.key)) as { spec: Record<string, unknown> };
      expect(scrapeConfigSchema.safeParse(doc).error, t.key).toBeUndefined();
      expect(doc.spec[t.key], t.key).toEqual([t.starter]);
    }
  });
});

describe('scraper form model', () => {
  it('a new Kubernetes scraper: every 30m, maxInFlight 64, and clusterName required', () => {
    const values = newScraperValues('kubernetes');
    expect(validateScraperForm(values)).toEqual({ name: 'This field is required', 'fields.clusterName': 'This field is required' });
    values.name = 'cluster';
    values.fields.clusterName = 'prod';
    expect(validateScraperForm(values)).toEqual({});
    expect(parse(toScraperYaml(values))).toEqual({
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: 'cluster', namespace: 'default' },
      spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'prod', maxInFlight: 64 }] },
    });
    values.fields.maxInFlight = '0';
    expect(validateScraperForm(values)).toEqual({ 'fields.maxInFlight': 'must be a whole number of 1 or more' });
  });

  it('unchecking Retention removes spec.retention, rules and all', () => {
    const values = valuesOf(`metadata: {name: s}
spec:
  schedule: '@daily'
  retention: {staleItemAge: 7d, changes: [{name: Pulled, age: 72h, count: 10}]}
  file: [{type: T, id: $.id, paths: [/a.json]}]
`);
    expect(values.retentionOn).toBe(true);
    expect(toScraperDocument(values).spec).toMatchObject({
      retention: { staleItemAge: '7d', changes: [{ name: 'Pulled', age: '72h', count: 10 }] },
    });
    values.retentionOn = false;
    expect(toScraperDocument(values).spec).not.toHaveProperty('retention');
  });

  it('checks retention rows: names required, ages as durations, counts whole', () => {
    const values = newScraperValues('http');
    Object.assign(values, { name: 'h', retentionOn: true });
    Object.assign(values.fields, { url: 'http://x', type: 'T', id: '$.id' });
    values.retention.changes.push({ name: '', age: 'three days', count: '1.5' });
    values.retention.types.push({ name: 'Pod', createdAge: '', updatedAge: '1h', deletedAge: 'soon' });
    expect(validateScraperForm(values)).toEqual({
      'retention.changes.0.name': 'This field is required',
      'retention.changes.0.age': 'must be a duration such as 72h, 8d or 30m',
      'retention.changes.0.count': 'must be a whole number',
      'retention.types.0.deletedAge': 'must be a duration such as 72h, 8d or 30m',
    });
  });

  it('YAML → form → YAML keeps every field, including those the form does not show', () => {
    const yaml = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: pg-tables
  namespace: ops
  labels:
    team: db
spec:
  schedule: "@every 7m"
  full: true
  retention:
    types:
      - name: Postgres::Table
        deletedAge: 1d
  sql:
    - connection: connection://default/pg
      driver: postgres
      query: |
        select * from t
      type: Postgres::Table
      id: $.id
      transform:
        expr: config
`;
    const values = valuesOf(yaml);
    expect(values).toMatchObject({ name: 'pg-tables', namespace: 'ops', schedule: '@every 7m', type: 'sql', retentionOn: true });
    expect(values.fields).toEqual({
      connection: 'connection://default/pg',
      driver: 'postgres',
      query: 'select * from t\n',
      type: 'Postgres::Table',
      id: '$.id',
    });
    expect(parse(toScraperYaml(values))).toEqual(parse(yaml));
    expect(formTypeOf(yaml)).toBe('sql');
  });

  it('keeps code-only documents on Code with the reason', () => {
    expect(fromScraperYaml(starterYaml('trivy'))).toEqual({ error: 'Trivy scrapers are edited as code' });
    expect(fromScraperYaml('metadata: {name: a}\nspec: {file: [{}, {}]}')).toEqual({
      error: 'The form edits one scraper entry; this spec has 2 entries: keep editing it as code',
    });
    expect(fromScraperYaml('a: [')).toHaveProperty('error');
    expect(formTypeOf(starterYaml('exec'))).toBeUndefined();
  });

  it('refuses a SQL connection that is neither a connection:// reference nor a URL', () => {
    const values = newScraperValues('sql');
    Object.assign(values, { name: 's' });
    Object.assign(values.fields, { connection: 'my db', query: 'select 1', type: 'T', id: '$.id' });
    expect(validateScraperForm(values)).toEqual({ 'fields.connection': 'must be a connection://namespace/name reference or a URL' });
    values.fields.connection = 'postgres://u@localhost/db';
    expect(validateScraperForm(values)).toEqual({});
  });
});
