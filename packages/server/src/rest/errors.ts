/** An error answered in PostgREST's JSON shape `{code, message, details, hint}` with its HTTP status. */
export class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The response body, exactly the four keys PostgREST sends. */
  toJSON(): { code: string; message: string; details: unknown; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: a query parameter that does not parse; message and details follow PostgREST's parser output. */
export const parseError = (what: string, input: string, column: number, detail: string): PgrstError =>
  new PgrstError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, detail);

/** PGRST102: the body is not valid JSON or its rows disagree on their keys. */
export const invalidBody = (message: string, details: string | null = null): PgrstError =>
  new PgrstError(400, 'PGRST102', message, details);

/** PGRST103: a range that cannot be satisfied (416). */
export const invalidRange = (details: string, headers: Record<string, string> = {}): PgrstError =>
  new PgrstError(416, 'PGRST103', 'Requested range not satisfiable', details, null, headers);

/** PGRST107: no acceptable media type (406). */
export const mediaTypeError = (types: string[]): PgrstError =>
  new PgrstError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);

/** PGRST108: a filter or order names an embed that is not in `select`. */
export const notEmbedded = (name: string): PgrstError =>
  new PgrstError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );

/** PGRST116: `vnd.pgrst.object+json` asked for, but the result is not exactly one row (406). */
export const singularityError = (rows: number): PgrstError =>
  new PgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

/** PGRST204: a body or `columns` key that is not a (visible) column. */
export const columnNotFound = (relation: string, column: string): PgrstError =>
  new PgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);

/** 42703: a selected, filtered or ordered column that does not exist (as PostgreSQL words it). */
export const undefinedColumn = (relation: string, column: string, hint: string | null = null): PgrstError =>
  new PgrstError(400, '42703', `column ${relation}.${column} does not exist`, null, hint);

/** 42501: the caller's roles do not allow the action on the relation's resource. */
export const permissionDenied = (name: string, details: string): PgrstError =>
  new PgrstError(403, '42501', `permission denied for ${name}`, details);

/** PGRST117 (405): the relation does not allow this write operation. */
export const unsupportedMethod = (method: string, relation: string, allowed: readonly string[]): PgrstError =>
  new PgrstError(
    405,
    'PGRST117',
    `Unsupported HTTP method: ${method}`,
    `'${relation}' allows: ${allowed.length ? allowed.join(', ') : 'reads only'}`,
  );
