// The error a run request is refused with: its status is the HTTP status the routes answer.

/** A run request the engine refuses (bad parameter, unknown playbook, not allowed, wrong state). */
export class PlaybookInputError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 422 = 400,
  ) {
    super(message);
    this.name = 'PlaybookInputError';
  }
}

/**
 * An error from a helper (resource load, parameter validation) as a PlaybookInputError when it carries an
 * HTTP status of its own; anything else is rethrown unchanged (a real failure, answered 500).
 */
export function asInputError(err: unknown): unknown {
  if (err instanceof PlaybookInputError) return err;
  const e = err as { status?: unknown; statusCode?: unknown; message?: string };
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  if (status === 400 || status === 403 || status === 404 || status === 409 || status === 422)
    return new PlaybookInputError(e.message ?? 'invalid', status);
  return err;
}
