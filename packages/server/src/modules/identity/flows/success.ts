import type { ContinueWith, LoginSuccess } from '@ops/shared';
import type { SessionRow } from '../sessions.repository.js';
import type { FlowCall } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { sessionJson } from './kratos-session.js';

/**
 * The 200 answer of a completed sign-in: the session, the session token for api flows, and where the
 * browser goes next (`next`, else return_to, else /).
 */
export async function signedIn(
  call: FlowCall,
  flow: FlowRecord,
  session: { row: SessionRow; secret: string },
  next?: string,
): Promise<LoginSuccess> {
  const continueWith: ContinueWith[] = [];
  if (flow.type === 'api') continueWith.push({ action: 'set_ory_session_token', ory_session_token: session.secret });
  else continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: next ?? flow.returnTo ?? '/' });
  return {
    session: await sessionJson(call.s, session.row),
    ...(flow.type === 'api' ? { session_token: session.secret } : {}),
    continue_with: continueWith,
  };
}

/** `/login?aal=aal2` keeping where the person was going. */
export function aal2LoginUrl(returnTo: string | null | undefined): string {
  return `/login?aal=aal2${returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : ''}`;
}
