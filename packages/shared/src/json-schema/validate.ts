import type { JsonPath, JsonSchema, JsonSchemaType, SchemaProblem } from './types.js';

/** JSON type name of a value, telling integers apart so 'integer' can be checked. */
export function jsonTypeOf(value: unknown): JsonSchemaType | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'object';
  return 'undefined';
}

/** Whether a value has the expected type; every integer is also a 'number'. */
function typeMatches(value: unknown, expected: JsonSchemaType): boolean {
  const actual = jsonTypeOf(value);
  return actual === expected || (expected === 'number' && actual === 'integer');
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/** Resolves a local '$ref' ('#/$defs/x', '#/definitions/x'); other refs are not supported. */
function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node && typeof node === 'object' ? (node as JsonSchema) : undefined;
}

function checkScalar(schema: JsonSchema, value: unknown, path: JsonPath, out: SchemaProblem[]): void {
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    out.push({ path, message: `Must be one of: ${schema.enum.map(describe).join(', ')}` });
  }
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) {
    out.push({ path, message: `Must be ${describe(schema.const)}` });
  }
  if (typeof value === 'string') {
    const length = Array.from(value).length;
    if (schema.minLength !== undefined && length < schema.minLength)
      out.push({ path, message: `Must be at least ${schema.minLength} characters long` });
    if (schema.maxLength !== undefined && length > schema.maxLength)
      out.push({ path, message: `Must be at most ${schema.maxLength} characters long` });
    if (schema.pattern !== undefined && !safeRegExp(schema.pattern)?.test(value))
      out.push({ path, message: `Must match the pattern ${schema.pattern}` });
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      out.push({ path, message: `Must be greater than or equal to ${schema.minimum}` });
    if (schema.maximum !== undefined && value > schema.maximum)
      out.push({ path, message: `Must be less than or equal to ${schema.maximum}` });
  }
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

function checkObject(schema: JsonSchema, root: JsonSchema, value: Record<string, unknown>, path: JsonPath, out: SchemaProblem[]): void {
  for (const key of schema.required ?? []) {
    if (!(key in value)) out.push({ path, message: `Missing required property '${key}'` });
  }
  for (const [key, child] of Object.entries(value)) {
    const childSchema = schema.properties?.[key];
    if (childSchema) walk(childSchema, root, child, [...path, key], out);
    else if (schema.additionalProperties === false)
      out.push({ path: [...path, key], message: `Property '${key}' is not allowed`, atKey: true });
    else if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, root, child, [...path, key], out);
  }
}

function walk(schema: JsonSchema, root: JsonSchema, value: unknown, path: JsonPath, out: SchemaProblem[]): void {
  if (schema.$ref) {
    const target = resolveRef(schema.$ref, root);
    if (!target) out.push({ path, message: `Schema reference ${schema.$ref} cannot be resolved` });
    else walk(target, root, value, path, out);
    return;
  }
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => typeMatches(value, t))) {
      const actual = jsonTypeOf(value) === 'integer' ? 'number' : jsonTypeOf(value);
      out.push({ path, message: `Expected ${types.join(' or ')}, got ${actual}` });
      return;
    }
  }
  checkScalar(schema, value, path, out);
  if (Array.isArray(value)) {
    if (schema.items) value.forEach((item, i) => walk(schema.items!, root, item, [...path, i], out));
  } else if (value !== null && typeof value === 'object') {
    checkObject(schema, root, value as Record<string, unknown>, path, out);
  }
}

/**
 * Validates a parsed YAML/JSON value against a JSON schema (keyword subset: type, required,
 * properties, additionalProperties, enum, const, items, minLength/maxLength, minimum/maximum,
 * pattern, local $ref). Returns every problem with its path, so editors can place diagnostics.
 */
export function validateJsonSchema(schema: JsonSchema, value: unknown): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  walk(schema, schema, value, [], out);
  return out;
}

/** A path as people read it: ['spec', 'items', 0, 'name'] → 'spec.items[0].name'; root → '(root)'. */
export function formatJsonPath(path: JsonPath): string {
  if (path.length === 0) return '(root)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
