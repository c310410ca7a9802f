import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './types.js';
import { formatJsonPath, validateJsonSchema } from './validate.js';

const flagSchema: JsonSchema = {
  type: 'object',
  required: ['kind', 'metadata'],
  additionalProperties: false,
  properties: {
    kind: { enum: ['FeatureFlag'] },
    metadata: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 3, maxLength: 10, pattern: '^[a-z.]+$' } },
    },
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer', minimum: 1, maximum: 5 },
        ratio: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        owner: { $ref: '#/$defs/owner' },
        note: { type: ['string', 'null'] },
      },
    },
  },
  $defs: { owner: { type: 'object', required: ['email'] } },
};

describe('validateJsonSchema', () => {
  it('accepts a valid document', () => {
    const doc = {
      kind: 'FeatureFlag',
      metadata: { name: 'abc.def' },
      spec: { replicas: 2, ratio: 2, tags: ['a'], labels: { a: 'b' }, owner: { email: 'x' }, note: null },
    };
    expect(validateJsonSchema(flagSchema, doc)).toEqual([]);
  });

  it('reports missing required properties at the parent', () => {
    expect(validateJsonSchema(flagSchema, { kind: 'FeatureFlag' })).toEqual([
      { path: [], message: "Missing required property 'metadata'" },
    ]);
  });

  it('reports wrong types, enums and unknown keys', () => {
    const problems = validateJsonSchema(flagSchema, { kind: 'Other', metadata: 'x', extra: 1 });
    expect(problems).toEqual([
      { path: ['kind'], message: "Must be one of: 'FeatureFlag'" },
      { path: ['metadata'], message: 'Expected object, got string' },
      { path: ['extra'], message: "Property 'extra' is not allowed", atKey: true },
    ]);
  });

  it('checks string lengths and patterns, numbers and integers', () => {
    const problems = validateJsonSchema(flagSchema, {
      kind: 'FeatureFlag',
      metadata: { name: 'AB' },
      spec: { replicas: 9, ratio: 'x' },
    });
    expect(problems.map((p) => `${formatJsonPath(p.path)}: ${p.message}`)).toEqual([
      'metadata.name: Must be at least 3 characters long',
      'metadata.name: Must match the pattern ^[a-z.]+$',
      'spec.replicas: Must be less than or equal to 5',
      'spec.ratio: Expected number, got string',
    ]);
    expect(validateJsonSchema({ type: 'integer' }, 1.5)).toEqual([{ path: [], message: 'Expected integer, got number' }]);
    expect(validateJsonSchema({ type: 'number', minimum: 0 }, -1)[0]?.message).toBe('Must be greater than or equal to 0');
    expect(validateJsonSchema({ type: 'string', maxLength: 2 }, 'abc')[0]?.message).toBe('Must be at most 2 characters long');
  });

  it('walks array items, additionalProperties schemas and $refs', () => {
    const problems = validateJsonSchema(flagSchema, {
      kind: 'FeatureFlag',
      metadata: { name: 'abc' },
      spec: { tags: ['ok', 3], labels: { a: true }, owner: {} },
    });
    expect(problems).toEqual([
      { path: ['spec', 'tags', 1], message: 'Expected string, got number' },
      { path: ['spec', 'labels', 'a'], message: 'Expected string, got boolean' },
      { path: ['spec', 'owner'], message: "Missing required property 'email'" },
    ]);
    expect(validateJsonSchema({ $ref: '#/nope' }, 1)[0]?.message).toBe('Schema reference #/nope cannot be resolved');
  });

  it('treats arrays and null as their own types and ignores a broken pattern', () => {
    expect(validateJsonSchema({ type: 'object' }, [])[0]?.message).toBe('Expected object, got array');
    expect(validateJsonSchema({ type: 'object' }, null)[0]?.message).toBe('Expected object, got null');
    expect(validateJsonSchema({ type: 'string', pattern: '(' }, 'x')[0]?.message).toBe('Must match the pattern (');
    expect(validateJsonSchema({ const: 'v1' }, 'v2')[0]?.message).toBe("Must be 'v1'");
  });
});

describe('formatJsonPath', () => {
  it('joins keys and indexes', () => {
    expect(formatJsonPath([])).toBe('(root)');
    expect(formatJsonPath(['spec', 'items', 0, 'name'])).toBe('spec.items[0].name');
  });
});
