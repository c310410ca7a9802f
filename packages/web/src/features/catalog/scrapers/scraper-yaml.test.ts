import { scrapeConfigSchema } from '@ops/shared';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatSchemaPath, schemaProblems } from '../../../components/code-editor/schema-problems';
import { documentName, isEditableSource, NEW_SCRAPER_YAML, scraperToYaml } from './scraper-yaml';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../../shared/conformance/config-db/fixtures');

describe('ScrapeConfig schema of the editor (the zod schema the server uses)', () => {
  it.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml')))('accepts the conformance fixture %s', (file) => {
    for (const doc of parseAllDocuments(readFileSync(path.join(FIXTURES, file), 'utf8'))) {
      expect(schemaProblems(scrapeConfigSchema, doc.toJS())).toEqual([]);
    }
  });

  it('accepts the new-scraper template', () => {
    expect(schemaProblems(scrapeConfigSchema, parse(NEW_SCRAPER_YAML))).toEqual([]);
  });

  it('names what is missing or wrong', () => {
    const problems = schemaProblems(scrapeConfigSchema, {
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
    }).map((p) => `${formatSchemaPath(p.path)}: ${p.message}`);
    // The schedule is parsed by the server's scheduler at save (its message names the field there).
    expect(problems).toEqual([
      'apiVersion: must be configs.flanksource.com/v1',
      'metadata.name: name is required',
      'spec.retention.changes[0].age: must be a duration such as 72h, 8d or 30m',
      'spec.sql[0].id: id is required',
      'spec.kubernetes[0].clusterName: clusterName is required',
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
