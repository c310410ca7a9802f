import { flowErrors } from './flow-errors.js';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { msg } from './nodes.js';

/** Where the provider sends the browser back for a provider id. */
export function oidcCallbackUrl(origin: string, provider: string): string {
  return `${origin}/api/auth/self-service/methods/oidc/callback/${encodeURIComponent(provider)}`;
}

export interface OidcFlowData {
  provider: string;
  state: string;
  nonce: string;
  /** PKCE verifier, sealed. */
  verifier: string;
  /** 'link' when a signed-in person links the provider from the settings flow. */
  intent: 'login' | 'link';
}

/**
 * Start social sign-in (or linking) from a flow: keep state, nonce and PKCE verifier in the flow and send
 * the browser to the provider (422 browser_location_change_required, as Kratos does for SPAs).
 */
export async function startOidc(
  call: FlowCall,
  flow: FlowRecord,
  provider: string,
  intent: OidcFlowData['intent'] = 'login',
): Promise<SubmitResult> {
  if (!call.s.oidc.has(provider)) {
    return { type: 'flow', status: 400, view: { messages: [msg('generic', { reason: `Unknown sign-in provider "${provider}".` })] } };
  }
  let start;
  try {
    start = await call.s.oidc.start(oidcCallbackUrl(call.origin, provider), flow.id);
  } catch (err) {
    call.request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'OIDC provider unreachable');
    return {
      type: 'flow',
      status: 400,
      view: { messages: [msg('generic', { reason: `The sign-in provider "${provider}" cannot be reached; try again later.` })] },
    };
  }
  const data: OidcFlowData = { provider, state: start.state, nonce: start.nonce, verifier: call.s.box.seal(start.verifier), intent };
  flow.data = { ...flow.data, oidc: data };
  await call.s.flows.update(flow);
  throw flowErrors.locationChange(start.url);
}
