import { SCRAPE_CONFIG_SCHEMA, validateJsonSchema } from '@ops/shared';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { documentName, isEditableSource, NEW_SCRAPER_YAML, scraperToYaml } from './scraper-yaml';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../../shared/conformance/config-db/fixtures');

describe('ScrapeConfig JSON schema', () => {
  it.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml')))('accepts the conformance fixture %s', (file) => {
    for (const doc of parseAllDocuments(readFileSync(path.join(FIXTURES, file), 'utf8'))) {
      expect(validateJsonSchema(SCRAPE_CONFIG_SCHEMA, doc.toJS())).toEqual([]);
    }
  });

  it('accepts the new-scraper template', () => {
    expect(validateJsonSchema(SCRAPE_CONFIG_SCHEMA, parse(NEW_SCRAPER_YAML))).toEqual([]);
  });

  it('names what is missing or wrong', () => {
    const problems = validateJsonSchema(SCRAPE_CONFIG_SCHEMA, {
      apiVersion: 'v1',
      kind: 'ScrapeConfig',
      metadata: {},
      spec: {
        schedule: 'sometimes',
        kubernetes: [{}],
        sql: [{ connection: 'x', query: 'select 1', type: 'T' }],
        http: [{ url: 'http://x', type: 'T', id: '$.id', method: 'FETCH' }],
        retention: { changes: [{ name: 'X', age: 'three days' }] },
      },
    }).map((p) => `${p.path.join('.')}: ${p.message}`);
    expect(problems).toEqual([
      "apiVersion: Must be 'configs.flanksource.com/v1'",
      "metadata: Missing required property 'name'",
      'spec.schedule: Must match the pattern ^\\s*(@every\\s+\\S+|@(yearly|annually|monthly|weekly|daily|midnight|hourly)|(\\S+\\s+){4,5}\\S+)\\s*$',
      "spec.kubernetes.0: Missing required property 'clusterName'",
      "spec.sql.0: Missing required property 'id'",
      "spec.http.0.method: Must be one of: 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'",
      'spec.retention.changes.0.age: Must match the pattern ^(0|((\\d+(\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h|d|w))+)$',
    ]);
  });
});

describe('scraper YAML', () => {
  it('rebuilds the document of a stored scraper', () => {
    const text = scraperToYaml({ name: 'cars', namespace: 'default', spec: { file: [{ type: 'Car', paths: ['a.json'] }] } });
    expect(parse(text)).toEqual({
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: 'cars', namespace: 'default' },
      spec: { file: [{ type: 'Car', paths: ['a.json'] }] },
    });
    expect(documentName(text)).toEqual({ name: 'cars', namespace: 'default' });
  });

  it('reads the name with a default namespace, and null when there is none', () => {
    expect(documentName('metadata:\n  name: x\n')).toEqual({ name: 'x', namespace: 'default' });
    expect(documentName(': : bad')).toBeNull();
    expect(documentName('spec: {}')).toBeNull();
  });

  it('lets users edit scrapers made in the UI or by apply only', () => {
    expect([isEditableSource('UI'), isEditableSource(null), isEditableSource('apply'), isEditableSource('KubernetesCRD')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
