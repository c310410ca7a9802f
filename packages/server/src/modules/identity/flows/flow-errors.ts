import { FLOW_ERROR_TOASTS, type FlowErrorId, type FlowErrorResponse } from '@ops/shared';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/** A flow error answered as Kratos' generic error JSON (`{error:{id,code,status,reason,message}}`). */
export class FlowError extends Error {
  constructor(
    readonly code: number,
    readonly id: FlowErrorId,
    message: string,
    readonly reason?: string,
    readonly extra: Omit<FlowErrorResponse, 'error'> = {},
  ) {
    super(message);
  }

  /** For the app's error handler, should a FlowError ever reach it. */
  get statusCode(): number {
    return this.code;
  }

  /** The JSON body. */
  body(): FlowErrorResponse {
    return {
      error: {
        id: this.id,
        code: this.code,
        status: STATUS_TEXT[this.code] ?? 'Error',
        message: this.message,
        ...(this.reason ? { reason: this.reason } : {}),
      },
      ...this.extra,
    };
  }
}

/** The Kratos error ids, with Kratos' reasons and the toast texts the web shows as messages. */
export const flowErrors = {
  aal2Required: (redirect: string) =>
    new FlowError(
      403,
      'session_aal2_required',
      'Session does not fulfill the requested Authenticator Assurance Level',
      'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must first be upgraded by signing in with a second factor.',
      { redirect_browser_to: redirect },
    ),
  alreadyAvailable: () =>
    new FlowError(
      400,
      'session_already_available',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    ),
  refreshRequired: (redirect: string) =>
    new FlowError(
      403,
      'session_refresh_required',
      'The request could not be authorized',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      { redirect_browser_to: redirect },
    ),
  returnToForbidden: (url: string) =>
    new FlowError(
      400,
      'self_service_flow_return_to_forbidden',
      FLOW_ERROR_TOASTS.self_service_flow_return_to_forbidden!,
      `Requested return_to URL "${url}" is not allowed.`,
    ),
  expired: (minutesAgo: number, newFlowId: string) =>
    new FlowError(
      410,
      'self_service_flow_expired',
      FLOW_ERROR_TOASTS.self_service_flow_expired!,
      `The self-service flow expired ${minutesAgo.toFixed(2)} minutes ago, initialize a new one.`,
      { use_flow_id: newFlowId },
    ),
  csrf: () =>
    new FlowError(
      403,
      'security_csrf_violation',
      FLOW_ERROR_TOASTS.security_csrf_violation!,
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    ),
  identityMismatch: () =>
    new FlowError(
      403,
      'security_identity_mismatch',
      'The flow belongs to another identity than the signed-in one; start again.',
      'The requested identity does not match the identity of the session.',
    ),
  locationChange: (url: string) =>
    new FlowError(
      422,
      'browser_location_change_required',
      'browser location change required',
      `In order to complete this flow please redirect the browser to: ${url}`,
      { redirect_browser_to: url },
    ),
  inactive: () =>
    new FlowError(
      401,
      'session_inactive',
      'request does not have a valid authentication session',
      'No valid session credentials found in the request.',
    ),
  disabled: (what: string) => new FlowError(403, 'self_service_flow_disabled', `${what} is not allowed because it was disabled.`),
  notFound: () => new FlowError(404, 'self_service_flow_not_found', 'The requested flow could not be found; start again.'),
  tooMany: () => new FlowError(429, 'too_many_requests', 'Too many attempts; wait a few minutes and try again.'),
} as const;
