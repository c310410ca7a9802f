import { codeBodySchema, type CodeBody, type UiNode } from '@ops/shared';
import { verificationCodeMail } from '../../mail/index.js';
import { ACCOUNT_LIMITS } from '../attempt-limiter.js';
import { CODE_MINUTES, codeFlowNodes, codeHash, issueCode, malformedEmail } from './code-flow.js';
import { ensureCsrfCookie, csrfHash } from './csrf.js';
import { flowErrors } from './flow-errors.js';
import type { FlowCall, FlowKindHandler, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { msg } from './nodes.js';
import { currentSession } from './session-cookie.js';

const LIFESPAN_MS = 60 * 60_000;

/** E-mail verification by a mailed code; the same answer for unknown, known and already verified addresses. */
export const verificationHandler: FlowKindHandler = {
  kind: 'verification',
  page: '/verification',
  lifespanMs: () => LIFESPAN_MS,
  bodySchema: codeBodySchema,
  noStrategy: msg('verificationNoStrategy'),
  retryMessage: msg('verificationRetrySuccess'),
  expiredMessage: (minutes) => msg('verificationFlowExpired', { minutes: minutes.toFixed(2) }),

  async init(call) {
    const current = await currentSession(call.request, call.s);
    const email = current ? (await call.s.credentials.identity(current.row.person_id))?.email : undefined;
    return { state: 'choose_method', data: email ? { email } : {} };
  },

  async nodes(_call, flow) {
    const nodes: UiNode[] = codeFlowNodes(flow, 'labelVerificationCode');
    if (flow.state === 'passed_challenge') {
      nodes.push({
        type: 'a',
        group: 'code',
        attributes: { node_type: 'a', id: 'continue', href: flow.returnTo ?? '/', title: msg('labelContinue') },
        messages: [],
        meta: { label: msg('labelContinue') },
      });
    }
    return nodes;
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
  if (await s.limiter.hit(`verification-mail:${email.toLowerCase()}`, ACCOUNT_LIMITS.mail)) throw flowErrors.tooMany();
  const identityId = await s.credentials.activeIdByEmail(email);
  const identity = identityId ? await s.credentials.identity(identityId) : undefined;
  if (identity && !identity.email_verified_at && s.mail.configured) {
    const code = await issueCode(s, 'verification', identity.id, flow.id);
    s.mail.sendInBackground(verificationCodeMail(email, code, CODE_MINUTES), 'verification code');
  }
  flow.state = 'sent_email';
  flow.data = { ...flow.data, email, attempts: 0 };
  flow.messages = [msg('verificationCodeSent')];
  await s.flows.update(flow);
  return { type: 'flow', status: 200 };
}

async function checkCode(call: FlowCall, flow: FlowRecord, code: string): Promise<SubmitResult> {
  const { s } = call;
  const attempts = Number(flow.data.attempts ?? 0);
  if (attempts >= ACCOUNT_LIMITS.code.max) {
    await s.codes.expireForFlow(flow.id);
    flow.state = 'choose_method';
    flow.messages = [];
    await s.flows.update(flow);
    return { type: 'flow', status: 400, view: { messages: [msg('verificationCodeInvalid')] } };
  }
  const identityId = await s.codes.consumeForFlow(flow.id, 'verification', codeHash('verification', code));
  if (!identityId) {
    flow.data = { ...flow.data, attempts: attempts + 1 };
    await s.flows.update(flow);
    return { type: 'flow', status: 400, view: { nodeMessages: { code: [msg('verificationCodeInvalid')] } } };
  }
  await s.credentials.markEmailVerified(identityId);
  flow.state = 'passed_challenge';
  flow.messages = [msg('verificationSuccessful')];
  await s.flows.update(flow, true);
  return { type: 'flow', status: 200 };
}

/**
 * Start a verification flow that has already mailed a code (after registration); returns its id. Without an
 * identity (registration of a known address) the flow looks the same but holds no code.
 */
export async function startVerificationFor(
  call: FlowCall,
  type: 'browser' | 'api',
  identityId: string | null,
  email: string,
): Promise<string> {
  const cookie = type === 'browser' ? ensureCsrfCookie(call.request, call.reply) : undefined;
  const flow = await call.s.flows.create({
    kind: 'verification',
    type,
    state: 'sent_email',
    csrfHash: cookie ? csrfHash(cookie) : null,
    requestUrl: `${call.origin}/api/auth/self-service/verification/${type}`,
    returnTo: null,
    data: { email, attempts: 0 },
    messages: [msg('verificationCodeSent')],
    lifespanMs: LIFESPAN_MS,
  });
  if (identityId) {
    const code = await issueCode(call.s, 'verification', identityId, flow.id);
    call.s.mail.sendInBackground(verificationCodeMail(email, code, CODE_MINUTES), 'verification code');
  }
  return flow.id;
}
