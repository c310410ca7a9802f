/**
 * The JSON error answer of every typed endpoint (`{error, message}`, `details` when the server lists the
 * problems). The server's error handler writes it; the CLI and the web read it. Other keys pass through, so
 * declaring it as a route's response schema never drops anything.
 */
import { z } from 'zod';

export const errorBodySchema = z.looseObject({
  /** What a toast or the CLI shows. */
  error: z.string(),
  /** The same text today; clients fall back to it when `error` is absent (PostgREST errors). */
  message: z.string(),
  /** Validation issues or, for `POST /api/resources/apply`, one problem per document. */
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The well-typed fields of any error answer, whatever else it holds (a PostgREST error has only `message`,
 * a flow error an object `error`): each field is kept only when it has the error body's type.
 */
export function errorBodyFields(body: unknown): Partial<Pick<ErrorBody, 'error' | 'message' | 'details'>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const { error, message, details } = body as Record<string, unknown>;
  const text = errorBodySchema.shape.message;
  return {
    ...(text.safeParse(error).success ? { error: error as string } : {}),
    ...(text.safeParse(message).success ? { message: message as string } : {}),
    ...(details !== undefined ? { details } : {}),
  };
}
