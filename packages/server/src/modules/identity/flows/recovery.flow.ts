import { codeBodySchema, type CodeBody } from '@ops/shared';
import { recoveryCodeMail } from '../../mail/index.js';
import { ACCOUNT_LIMITS } from '../attempt-limiter.js';
import { CODE_MINUTES, codeFlowNodes, codeHash, issueCode, malformedEmail } from './code-flow.js';
import { flowErrors } from './flow-errors.js';
import type { FlowCall, FlowKindHandler, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { msg } from './nodes.js';
import { currentSession, issueSession, method, sessionSufficient } from './session-cookie.js';
import { createSettingsFlow } from './settings.flow.js';

const LIFESPAN_MS = 60 * 60_000;

/**
 * Account recovery by a code mailed to the address: the same answer whether or not the address belongs
 * to someone. A correct code signs the person in and sends them to the settings flow to set a password.
 */
export const recoveryHandler: FlowKindHandler = {
  kind: 'recovery',
  page: '/recovery',
  lifespanMs: () => LIFESPAN_MS,
  bodySchema: codeBodySchema,
  noStrategy: msg('recoveryNoStrategy'),
  retryMessage: msg('recoveryRetrySuccess'),
  expiredMessage: (minutes) => msg('recoveryFlowExpired', { minutes: minutes.toFixed(2) }),

  async init(call) {
    const current = await currentSession(call.request, call.s);
    if (current && sessionSufficient(current.row)) throw flowErrors.alreadyAvailable();
    return { state: 'choose_method' };
  },

  async nodes(_call, flow) {
    return codeFlowNodes(flow, 'labelRecoveryCode');
  },

  async extra(_call, flow) {
    return { state: flow.state, active: 'code' };
  },

  async submit(call, flow, raw): Promise<SubmitResult> {
    const body = raw as CodeBody;
    if (body.code !== undefined && body.code !== '' && flow.state === 'sent_email') return checkCode(call, flow, body.code);
    if (body.email) return malformedEmail(body.email.trim()) ?? sendCode(call, flow, body.email.trim());
    const node = flow.state === 'sent_email' ? 'code' : 'email';
    return { type: 'flow', status: 400, view: { nodeMessages: { [node]: [msg('required', { property: node })] } } };
  },
};

async function sendCode(call: FlowCall, flow: FlowRecord, email: string): Promise<SubmitResult> {
  const { s } = call;
  // Counted per address whether or not it exists, so the limit says nothing about accounts.
  if (await s.limiter.hit(`recovery-mail:${email.toLowerCase()}`, ACCOUNT_LIMITS.mail)) throw flowErrors.tooMany();
  const identityId = await s.credentials.activeIdByEmail(email);
  if (identityId && s.mail.configured) {
    const code = await issueCode(s, 'recovery', identityId, flow.id);
    s.mail.sendInBackground(recoveryCodeMail(email, code, CODE_MINUTES), 'recovery code');
  }
  flow.state = 'sent_email';
  flow.data = { ...flow.data, email, attempts: 0 };
  flow.messages = [msg('recoveryCodeSent')];
  await s.flows.update(flow);
  return { type: 'flow', status: 200 };
}

async function checkCode(call: FlowCall, flow: FlowRecord, code: string): Promise<SubmitResult> {
  const { s } = call;
  const attempts = Number(flow.data.attempts ?? 0);
  if (attempts >= ACCOUNT_LIMITS.code.max) {
    // Too many wrong codes: the flow's code stops working and a new one must be mailed.
    await s.codes.expireForFlow(flow.id);
    flow.state = 'choose_method';
    flow.messages = [];
    await s.flows.update(flow);
    return { type: 'flow', status: 400, view: { messages: [msg('recoveryCodeInvalid')] } };
  }
  const identityId = await s.codes.consumeForFlow(flow.id, 'recovery', codeHash('recovery', code));
  if (!identityId) {
    flow.data = { ...flow.data, attempts: attempts + 1 };
    await s.flows.update(flow);
    return { type: 'flow', status: 400, view: { nodeMessages: { code: [msg('recoveryCodeInvalid')] } } };
  }
  flow.state = 'passed_challenge';
  flow.messages = [];
  await s.flows.update(flow, true);
  await s.credentials.markEmailVerified(identityId);
  const session = await issueSession(call.request, call.reply, s, flow.type, identityId, {
    aal: 'aal1',
    methods: [method('code_recovery', 'aal1')],
  });
  const settings = await createSettingsFlow(call, flow.type, identityId, flow.returnTo, [
    msg('recoverySuccessful', { minutes: s.config.OPS_PRIVILEGED_SESSION_MINUTES.toFixed(2) }),
  ]);
  const url = `/profile-settings?flow=${settings.id}`;
  if (flow.type === 'api') {
    return {
      type: 'body',
      status: 200,
      body: {
        continue_with: [
          { action: 'show_settings_ui', flow: { id: settings.id, url } },
          { action: 'set_ory_session_token', ory_session_token: session.secret },
        ],
      },
    };
  }
  return { type: 'body', status: 422, body: flowErrors.locationChange(url).body() };
}
