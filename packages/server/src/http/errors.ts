import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isPgError } from '../db/pg-error.js';

/** An error with an HTTP status and a message safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Too many attempts from one caller: 429 with Retry-After (the auth hook answers it before any route). */
export class ThrottledError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts; wait a few minutes and try again.');
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message = 'You do not have permission to access this page') => new HttpError(403, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);

/** The JSON 404 for unknown API routes (static.ts also uses it for non-GET requests). */
export function routeNotFound(method: string, url: string): { error: string; message: string } {
  const msg = `Route ${method} ${url.split('?')[0]} not found`;
  return { error: msg, message: msg };
}

/**
 * One error shape for typed endpoints: `{error, message}` (the web toasts `error`, else `message`).
 * Validation errors name the field; unexpected errors are logged and answered without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const msg = `${err.validationContext ?? 'request'}${field ? `.${field}` : ''}: ${first?.message ?? 'invalid'}`;
      return reply
        .status(400)
        .send({ error: msg, message: msg, details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })) });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: err.message, message: err.message, details: err.details });
    }
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      request.log.warn({ err }, unavailable);
      return reply.status(503).header('retry-after', '5').send({ error: unavailable, message: unavailable });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: 'Internal server error', message: 'Internal server error' });
    }
    return reply.status(status).send({ error: err.message, message: err.message });
  });
}

/**
 * The message for a database error that is about the database's state, not the request (a statement
 * cancelled by a timeout or an operator, a server shutting down or unreachable, no connection slots): a 503 the caller can
 * retry, instead of an internal error.
 */
function databaseUnavailable(err: unknown): string | undefined {
  if (isPgError(err) && err.code === '57014')
    return 'The database cancelled the query (a statement timeout or a cancel request); try again';
  // Connection errors too (refused while PostgreSQL is down): they carry no SQLSTATE and used to answer 500.
  if (isDatabaseUnavailable(err)) return 'The database is unavailable; try again';
  return undefined;
}
