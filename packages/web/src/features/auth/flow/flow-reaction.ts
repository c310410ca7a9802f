import { FLOW_ERROR_TOASTS, MESSAGES, type AnyFlow, type FlowErrorResponse, type FlowKind } from '@ops/shared';
import { ApiError } from '../../../lib/api-errors';

/** What a flow page does with a failed call (flow error ids, 400 re-render, 410 restart). */
export type FlowReaction =
  /** 400 with the flow: show it again with its messages. */
  | { type: 'rerender'; flow: AnyFlow }
  /** Start over: with `flowId` continue on that fresh flow, else create a new one. */
  | { type: 'restart'; toast?: string; flowId?: string }
  /** Go to an address: in-app paths through the router, other origins by a full page load. */
  | { type: 'redirect'; to: string }
  /** Show the message and stay. */
  | { type: 'toast'; message: string };

/** The error object of a flow error answer, when the body is one. */
export function flowErrorOf(body: unknown): FlowErrorResponse | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return null;
  return body as FlowErrorResponse;
}

/** Whether an answer body is a flow (it has an id and a ui container). */
export function isFlow(body: unknown): body is AnyFlow {
  return !!body && typeof body === 'object' && 'ui' in body && 'id' in body;
}

/** The text of a flow error for a toast: its reason or message, else the generic text. */
export function flowErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const fe = flowErrorOf(err.body);
    if (fe) return fe.error.reason || fe.error.message || MESSAGES.genericError;
  }
  return err instanceof Error && err.message ? err.message : MESSAGES.genericError;
}

const withReturnTo = (path: string, returnTo: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}return_to=${encodeURIComponent(returnTo)}`;

/**
 * Flow error ids: session_aal2_required → the given location; session_already_available → /;
 * session_refresh_required → login with refresh; return_to_forbidden, expired and CSRF → their toasts
 * (expired and CSRF start over); security_identity_mismatch → restart; browser_location_change_required →
 * redirect; session_inactive → login. Status 410 restarts; 400 re-renders; in verification 403 restarts.
 */
export function flowReaction(err: unknown, kind: FlowKind, returnTo: string): FlowReaction {
  if (!(err instanceof ApiError)) return { type: 'toast', message: flowErrorText(err) };
  if (isFlow(err.body)) return { type: 'rerender', flow: err.body };
  const fe = flowErrorOf(err.body);
  const id = fe?.error.id;
  const to = fe?.redirect_browser_to;
  switch (id) {
    case 'session_aal2_required':
      return { type: 'redirect', to: to ?? withReturnTo('/login?aal=aal2', returnTo) };
    case 'session_already_available':
      return { type: 'redirect', to: '/' };
    case 'session_refresh_required':
      return { type: 'redirect', to: to ?? withReturnTo('/login?refresh=true', returnTo) };
    case 'browser_location_change_required':
      if (to) return { type: 'redirect', to };
      break;
    case 'session_inactive':
      return { type: 'redirect', to: withReturnTo('/login', returnTo) };
    case 'self_service_flow_return_to_forbidden':
      return { type: 'toast', message: FLOW_ERROR_TOASTS.self_service_flow_return_to_forbidden! };
    case 'self_service_flow_expired':
      return {
        type: 'restart',
        toast: FLOW_ERROR_TOASTS.self_service_flow_expired!,
        ...(fe?.use_flow_id ? { flowId: fe.use_flow_id } : {}),
      };
    case 'security_csrf_violation':
      return { type: 'restart', toast: FLOW_ERROR_TOASTS.security_csrf_violation! };
    case 'security_identity_mismatch':
    case 'self_service_flow_not_found':
      return { type: 'restart' };
  }
  if (err.status === 410) return { type: 'restart', ...(fe?.use_flow_id ? { flowId: fe.use_flow_id } : {}) };
  if (err.status === 404 && kind !== 'settings') return { type: 'restart' };
  if (kind === 'verification' && err.status === 403) return { type: 'restart' };
  if (err.status === 401) return { type: 'redirect', to: withReturnTo('/login', returnTo) };
  return { type: 'toast', message: flowErrorText(err) };
}
