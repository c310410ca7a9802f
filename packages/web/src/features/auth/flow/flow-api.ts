import { IDENTITY_PATHS, type AnyFlow, type FlowKind } from '@ops/shared';
import { requestRaw } from '../../../lib/api-client';

/** Query of a new flow: where to go afterwards, and for login whether to re-authenticate or ask a second factor. */
export interface FlowParams {
  return_to?: string | undefined;
  refresh?: boolean | undefined;
  aal?: 'aal2' | undefined;
}

// Flow endpoints answer 401 for "no session" as a flow error the page reacts to, never the global redirect.
const FLOW_CALL = { on401: 'throw', local: true, headers: { accept: 'application/json' } } as const;

/** GET /api/auth/self-service/{kind}/browser: a new flow (sets the CSRF cookie). */
export async function createFlow<F extends AnyFlow>(kind: FlowKind, params: FlowParams, signal?: AbortSignal): Promise<F> {
  const query = { return_to: params.return_to, refresh: params.refresh ? 'true' : undefined, aal: params.aal };
  return (await requestRaw<F>(IDENTITY_PATHS.createBrowserFlow(kind), { ...FLOW_CALL, query, signal })).data;
}

/** GET /api/auth/self-service/{kind}/flows?id=: an existing flow (after a reload or a redirect with ?flow=). */
export async function getFlow<F extends AnyFlow>(kind: FlowKind, id: string, signal?: AbortSignal): Promise<F> {
  return (await requestRaw<F>(IDENTITY_PATHS.getFlow(kind), { ...FLOW_CALL, query: { id }, signal })).data;
}

/** POST the body to the flow's ui.action; 2xx answers are returned, the rest thrown as ApiError with the body. */
export async function submitFlow<T>(flow: AnyFlow, body: Record<string, unknown>): Promise<T> {
  const res = await requestRaw<T>(actionPath(flow.ui.action), { ...FLOW_CALL, method: 'POST', body, timeoutMs: 60_000 });
  return res.data;
}

/** The action as a root-relative path (the server may send it absolute); the API client adds its base. */
export function actionPath(action: string): string {
  const url = new URL(action, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}
