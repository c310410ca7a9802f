import { settingsBodySchema, type SettingsBody, type UiNode, type UiText } from '@ops/shared';
import { csrfHash, ensureCsrfCookie } from './csrf.js';
import { flowErrors } from './flow-errors.js';
import type { FlowCall, FlowKindHandler, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { identityJson } from './kratos-session.js';
import { msg } from './nodes.js';
import { currentSession, sessionSufficient, type CurrentSession } from './session-cookie.js';
import { lookupNodes, lookupSubmit } from './settings-lookup.js';
import { oidcNodes, oidcSubmit } from './settings-oidc.js';
import { passwordNodes, passwordSubmit, profileNodes, profileSubmit } from './settings-profile.js';
import { prepareTotp, totpNodes, totpSubmit } from './settings-totp.js';
import { prepareWebAuthn, webauthnNodes, webauthnSubmit } from './settings-webauthn.js';

const LIFESPAN_MS = 60 * 60_000;
const page = (flowId: string) => `/profile-settings?flow=${flowId}`;

/**
 * The settings flow (`/profile-settings`): profile, password, TOTP, backup codes, WebAuthn keys and
 * social sign-in. It needs the identity's session at the identity's aal; changes need a session
 * signed in within OPS_PRIVILEGED_SESSION_MINUTES.
 */
export const settingsHandler: FlowKindHandler = {
  kind: 'settings',
  page: '/profile-settings',
  lifespanMs: () => LIFESPAN_MS,
  bodySchema: settingsBodySchema,
  noStrategy: msg('settingsNoStrategy'),
  retryMessage: msg('settingsNoStrategy'),
  expiredMessage: (minutes) => msg('settingsFlowExpired', { minutes: minutes.toFixed(2) }),

  async init(call, query) {
    const current = await requireSession(
      call,
      query.return_to ? `/profile-settings?return_to=${encodeURIComponent(query.return_to)}` : '/profile-settings',
    );
    const data = await prepare(call, current.row.person_id, {});
    return { state: 'show_form', identityId: current.row.person_id, data };
  },

  async guard(call, flow) {
    const current = await requireSession(call, page(flow.id));
    if (current.row.person_id !== flow.identityId) throw flowErrors.identityMismatch();
  },

  async nodes(call, flow) {
    const identityId = flow.identityId!;
    const identity = await call.s.credentials.identity(identityId);
    const groups: UiNode[][] = await Promise.all([
      profileNodes(identity),
      passwordNodes(),
      oidcNodes(call, identityId),
      lookupNodes(call, flow),
      totpNodes(call, flow, identity?.email ?? ''),
      webauthnNodes(call, flow),
    ]);
    return groups.flat();
  },

  async extra(call, flow) {
    const identity = await call.s.credentials.identity(flow.identityId!);
    return { state: flow.state, identity: identity ? identityJson(identity) : undefined };
  },

  async submit(call, flow, raw): Promise<SubmitResult> {
    const body = raw as SettingsBody;
    const current = (await currentSession(call.request, call.s))!;
    const age = Date.now() - new Date(current.row.authenticated_at).getTime();
    if (age > call.s.config.OPS_PRIVILEGED_SESSION_MINUTES * 60_000) {
      throw flowErrors.refreshRequired(`/login?refresh=true&return_to=${encodeURIComponent(page(flow.id))}`);
    }
    const result = await dispatch(call, flow, body, current);
    if (result.type === 'flow' && result.status === 200 && flow.state === 'success') {
      flow.data = await prepare(call, flow.identityId!, flow.data);
      flow.messages = [msg('settingsSaved')];
      await call.s.flows.update(flow);
    }
    return result;
  },
};

function dispatch(call: FlowCall, flow: FlowRecord, body: SettingsBody, current: CurrentSession): Promise<SubmitResult> {
  switch (body.method) {
    case 'profile':
      return profileSubmit(call, flow, body);
    case 'password':
      return passwordSubmit(call, flow, body, current);
    case 'totp':
      return totpSubmit(call, flow, body, current);
    case 'lookup_secret':
      return lookupSubmit(call, flow, body, current);
    case 'webauthn':
      return webauthnSubmit(call, flow, body, current);
    case 'oidc':
      return oidcSubmit(call, flow, body);
  }
}

// 401 without a session, 403 session_aal2_required when the identity's second factor is still due.
async function requireSession(call: FlowCall, returnTo: string): Promise<CurrentSession> {
  const current = await currentSession(call.request, call.s);
  if (!current) throw flowErrors.inactive();
  if (!sessionSufficient(current.row)) throw flowErrors.aal2Required(`/login?aal=aal2&return_to=${encodeURIComponent(returnTo)}`);
  return current;
}

// Pending enrolment data every render needs: an unconfirmed TOTP secret and WebAuthn creation options.
async function prepare(call: FlowCall, identityId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  return prepareWebAuthn(call, identityId, await prepareTotp(call, identityId, data));
}

/** A settings flow for an identity that was just signed in (recovery, invitation); bound to this browser. */
export async function createSettingsFlow(
  call: FlowCall,
  type: 'browser' | 'api',
  identityId: string,
  returnTo: string | null,
  messages: UiText[],
): Promise<FlowRecord> {
  const cookie = type === 'browser' ? ensureCsrfCookie(call.request, call.reply) : undefined;
  return call.s.flows.create({
    kind: 'settings',
    type,
    state: 'show_form',
    csrfHash: cookie ? csrfHash(cookie) : null,
    requestUrl: `${call.origin}/api/auth/self-service/settings/${type}`,
    returnTo,
    identityId,
    data: await prepare(call, identityId, {}),
    messages,
    lifespanMs: LIFESPAN_MS,
  });
}
