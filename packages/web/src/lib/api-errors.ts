import { errorBodyFields, MESSAGES } from '@ops/shared';

/** An HTTP error from our API: `message` is the server's `error` or `message`, else 'An error occurred.'. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 403: the UI shows the Unauthorized screen for it (see components/ui/error-state). */
export class ForbiddenError extends ApiError {
  constructor(message: string, body: unknown) {
    super(message, 403, body);
    this.name = 'ForbiddenError';
  }
}

/** 401: the client has already started the redirect to /auth-state-checker. */
export class UnauthorizedError extends ApiError {
  constructor(message: string, body: unknown) {
    super(message, 401, body);
    this.name = 'UnauthorizedError';
  }
}

/** Failure before any HTTP answer: network down, offline or timed out (message is a fixed user-facing text). */
export class NetworkError extends Error {
  constructor(
    message: typeof MESSAGES.network | typeof MESSAGES.offline | typeof MESSAGES.timeout,
    readonly kind: 'network' | 'offline' | 'timeout',
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The text a toast shows for an error body: its `error`, else its `message`, else 'An error occurred.'. */
export function messageFromBody(body: unknown): string {
  const { error, message } = errorBodyFields(body);
  if (error?.trim()) return error;
  if (message?.trim()) return message;
  if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<')) return body.trim();
  return MESSAGES.genericError;
}

/** The text to show for any thrown value (ApiError, NetworkError, Error, string). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return MESSAGES.genericError;
}
