import type { JsonSchema } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { computeDiagnostics } from './diagnostics';

const schema: JsonSchema = {
  type: 'object',
  required: ['kind', 'metadata'],
  additionalProperties: false,
  properties: {
    kind: { enum: ['FeatureFlag'] },
    metadata: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    spec: { type: 'object', properties: { value: { type: 'string' }, replicas: { type: 'integer', maximum: 3 } } },
  },
};

/** The text a diagnostic marks, for readable assertions. */
const marked = (text: string, d: { from: number; to: number }) => text.slice(d.from, d.to);

describe('computeDiagnostics (YAML)', () => {
  it('finds nothing in a valid document', () => {
    expect(computeDiagnostics('kind: FeatureFlag\nmetadata:\n  name: a\n', 'yaml', schema)).toEqual([]);
    expect(computeDiagnostics('  \n', 'yaml', schema)).toEqual([]);
  });

  it('places schema problems on the value or key they concern', () => {
    const text = 'kind: Flag\nmetadata:\n  title: x\nspec:\n  value: 3\n  replicas: 9\nextra: 1\n';
    const found = computeDiagnostics(text, 'yaml', schema);
    expect(found.map((d) => [d.line, d.message, marked(text, d)])).toEqual([
      [1, "kind: Must be one of: 'FeatureFlag'", 'Flag'],
      [2, "metadata: Missing required property 'name'", 'metadata'],
      [5, 'spec.value: Expected string, got number', '3'],
      [6, 'spec.replicas: Must be less than or equal to 3', '9'],
      [7, "extra: Property 'extra' is not allowed", 'extra'],
    ]);
    expect(found.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports root-level problems on the first line', () => {
    const text = 'metadata:\n  name: a\n';
    const [d] = computeDiagnostics(text, 'yaml', schema);
    expect(d).toMatchObject({ line: 1, message: "Missing required property 'kind'" });
    expect(marked(text, d!)).toBe('metadata:');
  });

  it('reports YAML syntax errors with their line and skips the schema for that document', () => {
    const text = 'kind: FeatureFlag\nmetadata: [a\n';
    const found = computeDiagnostics(text, 'yaml', schema);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.line).toBeGreaterThanOrEqual(2);
    expect(found.some((d) => d.message.includes('Missing required'))).toBe(false);
  });

  it('validates every document of a multi-document file', () => {
    const text = 'kind: FeatureFlag\nmetadata: {name: a}\n---\nkind: FeatureFlag\n';
    const found = computeDiagnostics(text, 'yaml', schema);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 4, message: "Missing required property 'metadata'" });
  });

  it('flags duplicate keys in YAML', () => {
    expect(computeDiagnostics('a: 1\na: 2\n', 'yaml')[0]?.message).toMatch(/unique/i);
  });
});

describe('computeDiagnostics (JSON)', () => {
  it('reports a syntax error at its position', () => {
    const text = '{\n  "kind": "FeatureFlag",\n}';
    const [d] = computeDiagnostics(text, 'json', schema);
    expect(d?.severity).toBe('error');
    expect(d?.line).toBe(3);
  });

  it('places schema problems on JSON values', () => {
    const text = '{\n  "kind": "FeatureFlag",\n  "metadata": {"name": 5}\n}';
    const [d, ...rest] = computeDiagnostics(text, 'json', schema);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ line: 3, message: 'metadata.name: Expected string, got number' });
    expect(marked(text, d!)).toBe('5');
  });
});
