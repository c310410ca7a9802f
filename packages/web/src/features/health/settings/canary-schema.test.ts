import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CANARY_SCHEMA, validateJsonSchema } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../../shared/conformance/canary-checker/fixtures/minimal');

describe('Canary JSON schema of the editors', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml'));

  it('accepts every canary-checker fixture as users write them', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const doc of parseAllDocuments(readFileSync(path.join(FIXTURES, file), 'utf8'))) {
        const value = doc.toJS() as { kind?: string } | null;
        if (value?.kind !== 'Canary') continue;
        expect({ file, problems: validateJsonSchema(CANARY_SCHEMA, value) }).toEqual({ file, problems: [] });
      }
    }
  });

  it('names what is wrong in a broken canary', () => {
    const problems = validateJsonSchema(CANARY_SCHEMA, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: {},
      spec: { http: [{ url: 'http://x', thresholdMillis: -5 }], tcp: [{ name: 't' }], icmp: 'nope' },
    });
    expect(problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      "metadata: Missing required property 'name'",
      "spec.http.0: Missing required property 'name'",
      'spec.http.0.thresholdMillis: Must be greater than or equal to 0',
      "spec.tcp.0: Missing required property 'endpoint'",
      'spec.icmp: Expected array, got string',
    ]);
  });
});
