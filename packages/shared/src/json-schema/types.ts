/** The JSON Schema keyword subset our validator understands (draft 7 / 2020-12 spelling). */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  type?: JsonSchemaType | JsonSchemaType[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  description?: string;
  title?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
}

/** Where a problem is: object keys and array indexes from the document root. */
export type JsonPath = ReadonlyArray<string | number>;

export interface SchemaProblem {
  path: JsonPath;
  message: string;
  /** True when the problem is about a key itself (e.g. a property that is not allowed). */
  atKey?: boolean;
}
