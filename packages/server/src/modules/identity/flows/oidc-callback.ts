import type { UiText } from '@ops/shared';
import { CSRF_COOKIE, csrfHash } from './csrf.js';
import type { FlowCall } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { msg } from './nodes.js';
import { oidcCallbackUrl, type OidcFlowData } from './oidc-start.js';
import { currentSession, issueSession, method } from './session-cookie.js';
import { aal2LoginUrl } from './success.js';

const PAGES: Record<string, string> = { login: '/login', registration: '/registration', settings: '/profile-settings' };

/**
 * `GET …/methods/oidc/callback/{provider}`: the browser comes back from the provider. The flow is found by
 * the state, must belong to this browser, and the code is exchanged with PKCE and nonce checks. Sign-in
 * finds the identity by its link, else links or creates it by the provider's verified e-mail. Answers
 * are redirects: to return_to, or back to the flow's page with a message.
 */
export async function oidcCallback(call: FlowCall, provider: string, query: Record<string, string | undefined>): Promise<string> {
  const { s } = call;
  const flowId = (query.state ?? '').split('.')[0] ?? '';
  const flow = flowId ? await s.flows.get(flowId) : undefined;
  const data = flow?.data.oidc as OidcFlowData | undefined;
  if (!flow || !data || data.state !== query.state || data.provider !== provider)
    return errorPage(call, 'The sign-in attempt is unknown or was already used; start again.');
  const cookie = call.request.cookies[CSRF_COOKIE];
  if (flow.type === 'browser' && (!cookie || csrfHash(cookie) !== flow.csrfHash))
    return errorPage(call, 'The sign-in attempt was started in another browser; start again.');
  const back = (text: UiText) => backToFlow(call, flow, text);
  if (flow.expiresAt < new Date() || flow.completedAt) return back(msg('loginFlowExpired', { minutes: '0.00' }));
  if (query.error) return back(msg('generic', { reason: `The provider refused the sign-in: ${query.error_description ?? query.error}` }));
  flow.data = { ...flow.data, oidc: undefined };
  await s.flows.update(flow);
  let claims;
  try {
    claims = await s.oidc.finish(
      new URL(`${oidcCallbackUrl(call.origin, provider)}?${new URLSearchParams(query as Record<string, string>)}`),
      {
        state: data.state,
        nonce: data.nonce,
        verifier: s.box.open(data.verifier),
      },
    );
  } catch (err) {
    call.request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'OIDC callback failed');
    return back(msg('generic', { reason: 'The sign-in with the provider could not be completed; try again.' }));
  }
  const linkedTo = await s.oidcLinks.identityOf(provider, claims.subject);
  const label = s.oidc.list().find((p) => p.id === provider)?.label ?? provider;
  if (data.intent === 'link') {
    const current = await currentSession(call.request, s);
    if (!current || current.row.person_id !== flow.identityId) return errorPage(call, 'Sign in again to link this account.');
    if (linkedTo && linkedTo !== flow.identityId)
      return back(msg('generic', { reason: `This ${label} account is already linked to another user.` }));
    await s.oidcLinks.link(provider, claims.subject, flow.identityId!, claims.email ?? null);
    flow.state = 'success';
    flow.messages = [msg('settingsSaved')];
    await s.flows.update(flow);
    return `/profile-settings?flow=${flow.id}`;
  }
  let identityId = linkedTo;
  if (!identityId) {
    if (!claims.email || !claims.emailVerified)
      return back(
        msg('generic', { reason: `The e-mail address of your ${label} account is not verified, so it cannot be used to sign in.` }),
      );
    identityId = await s.credentials.activeIdByEmail(claims.email);
    if (!identityId) {
      if (await s.credentials.emailTaken(claims.email)) return back(msg('invalidCredentials'));
      identityId = await s.identity.createUser({
        firstName: claims.firstName ?? claims.email.split('@')[0]!,
        lastName: claims.lastName ?? '',
        email: claims.email,
        roles: [],
      });
      await s.credentials.markEmailVerified(identityId);
    }
    await s.oidcLinks.link(provider, claims.subject, identityId, claims.email);
  }
  const identity = await s.credentials.identity(identityId);
  if (!identity || identity.state !== 'active' || identity.deleted) return back(msg('invalidCredentials'));
  if (!(await s.flows.claim(flow.id))) return back(msg('loginRetrySuccess'));
  const replaces = await currentSession(call.request, s);
  const session = await issueSession(call.request, call.reply, s, 'browser', identityId, {
    aal: 'aal1',
    methods: [method('oidc', 'aal1', provider)],
    replaces,
  });
  return session.row.needs_aal2 ? aal2LoginUrl(flow.returnTo) : (flow.returnTo ?? '/');
}

// Keep the message on the flow and send the browser back to its page, where it is shown.
async function backToFlow(call: FlowCall, flow: FlowRecord, text: UiText): Promise<string> {
  flow.messages = [text];
  await call.s.flows.update(flow);
  return `${PAGES[flow.kind] ?? '/login'}?flow=${flow.id}`;
}

async function errorPage(call: FlowCall, message: string): Promise<string> {
  const id = await call.s.flows.saveError({ code: 400, status: 'Bad Request', message });
  return `/error?id=${id}`;
}
