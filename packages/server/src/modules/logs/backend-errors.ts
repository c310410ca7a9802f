// Failures of a log backend the caller can act on: the backend cannot be reached or answered with an
// error (502 naming the backend), or the stored spec or cursor is wrong (400 naming the field).
import { HttpError } from '../../http/errors.js';

/** The backend did not answer, or answered with an error: 502 with its name and the cause. */
export function backendFailed(backend: string, cause: string): HttpError {
  return new HttpError(502, `Log backend ${backend} failed: ${cause}`);
}

/** The cause of an error as one line (fetch hides the socket error in `cause`). */
export function causeOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const inner = (err as Error & { cause?: unknown }).cause;
  if (inner instanceof Error && inner.message && !err.message.includes(inner.message)) return `${err.message}: ${inner.message}`;
  return err.message;
}
