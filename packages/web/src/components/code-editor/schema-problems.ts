import type { ZodType } from 'zod';

/** Where a problem is: object keys and array indexes from the document root. */
export type SchemaPath = ReadonlyArray<PropertyKey>;

/** One problem of a document against its zod schema, with its path so editors can place it. */
export interface SchemaProblem {
  path: SchemaPath;
  message: string;
  /** True when the problem is about a key itself (a property that is not allowed). */
  atKey: boolean;
}

/** zod's default texts read as the server's: no "Invalid input:" prefix, a missing field "is required". */
function problemText(message: string): string {
  const text = message.replace(/^Invalid input: /, '');
  return /received undefined$/.test(text) ? 'is required' : text;
}

/**
 * Validates a parsed YAML/JSON value with the spec's zod schema (the one the server uses), returning
 * every problem with its path; editors validate with the schema itself, not with a JSON-Schema copy.
 */
export function schemaProblems(schema: ZodType, value: unknown): SchemaProblem[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.flatMap((issue): SchemaProblem[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: `Property '${key}' is not allowed`, atKey: true }))
      : [{ path: issue.path, message: problemText(issue.message), atKey: false }],
  );
}

/** A path as people read it: ['spec', 'items', 0, 'name'] → 'spec.items[0].name'; root → '(root)'. */
export function formatSchemaPath(path: SchemaPath): string {
  if (path.length === 0) return '(root)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}
