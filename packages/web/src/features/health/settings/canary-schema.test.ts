import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { canaryDocumentSchema } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { formatSchemaPath, schemaProblems } from '../../../components/code-editor/schema-problems';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../../shared/conformance/canary-checker/fixtures/minimal');

describe('Canary schema of the editors (the zod schema the server uses)', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml'));

  it('accepts every canary-checker fixture as users write them', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const doc of parseAllDocuments(readFileSync(path.join(FIXTURES, file), 'utf8'))) {
        const value = doc.toJS() as { kind?: string } | null;
        if (value?.kind !== 'Canary') continue;
        expect({ file, problems: schemaProblems(canaryDocumentSchema, value) }).toEqual({ file, problems: [] });
      }
    }
  });

  it('names what is wrong in a broken canary', () => {
    const problems = schemaProblems(canaryDocumentSchema, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: {},
      spec: { http: [{ url: 'http://x', thresholdMillis: -5 }], tcp: [{ name: 't' }], icmp: 'nope' },
    });
    expect(problems.map((p) => `${formatSchemaPath(p.path)}: ${p.message}`)).toEqual([
      'metadata.name: is required',
      'spec.http[0].thresholdMillis: must be 0 or more',
      'spec.tcp[0].endpoint: is required',
      'spec.icmp: must be a list of checks',
    ]);
  });
});
