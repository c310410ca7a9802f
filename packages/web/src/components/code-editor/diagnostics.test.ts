import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeDiagnostics } from './diagnostics';

const schema = z.strictObject({
  kind: z.literal('FeatureFlag', { error: "must be 'FeatureFlag'" }),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({ value: z.string().optional(), replicas: z.number().int().max(3).optional() }).optional(),
});

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
      [1, "kind: must be 'FeatureFlag'", 'Flag'],
      [2, 'metadata.name: is required', 'metadata'],
      [5, 'spec.value: expected string, received number', '3'],
      [6, 'spec.replicas: Too big: expected number to be <=3', '9'],
      [7, "extra: Property 'extra' is not allowed", 'extra'],
    ]);
    expect(found.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports a missing top-level field on the first line', () => {
    const text = 'metadata:\n  name: a\n';
    const [d] = computeDiagnostics(text, 'yaml', schema);
    expect(d).toMatchObject({ line: 1, message: "kind: must be 'FeatureFlag'" });
    expect(marked(text, d!)).toBe('metadata:');
  });

  it('reports YAML syntax errors with their line and skips the schema for that document', () => {
    const text = 'kind: FeatureFlag\nmetadata: [a\n';
    const found = computeDiagnostics(text, 'yaml', schema);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.line).toBeGreaterThanOrEqual(2);
    expect(found.some((d) => d.message.includes('is required'))).toBe(false);
  });

  it('validates every document of a multi-document file', () => {
    const text = 'kind: FeatureFlag\nmetadata: {name: a}\n---\nkind: FeatureFlag\n';
    const found = computeDiagnostics(text, 'yaml', schema);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 4, message: 'metadata: is required' });
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
    expect(d).toMatchObject({ line: 3, message: 'metadata.name: expected string, received number' });
    expect(marked(text, d!)).toBe('5');
  });
});
