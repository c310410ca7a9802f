import { randomInt } from 'node:crypto';
import type { UiNode } from '@ops/shared';
import type { CodePurpose } from '../codes.repository.js';
import type { IdentityServices } from '../identity-services.js';
import { hashSecret } from '../tokens.js';
import type { SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { input, msg, submit } from './nodes.js';

/** Recovery and verification codes are valid this long. */
export const CODE_MINUTES = 15;

export const codeHash = (purpose: CodePurpose, code: string) => hashSecret(`${purpose}:${code.trim()}`);

/** A new 6-digit code for a flow; earlier codes of the flow stop working. Returns the clear code (mailed only). */
export async function issueCode(
  s: IdentityServices,
  purpose: 'recovery' | 'verification',
  identityId: string,
  flowId: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await s.codes.expireForFlow(flowId);
  await s.codes.insert({
    purpose,
    identityId,
    flowId,
    codeHash: codeHash(purpose, code),
    expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
  });
  return code;
}

/**
 * The nodes of a code flow: e-mail first; once mailed, the code input, submit and 'Resend code'
 * (a submit of the e-mail again).
 */
export function codeFlowNodes(flow: FlowRecord, codeLabel: 'labelRecoveryCode' | 'labelVerificationCode'): UiNode[] {
  const email = typeof flow.data.email === 'string' ? flow.data.email : '';
  if (flow.state === 'sent_email') {
    return [
      input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code', label: msg(codeLabel) }),
      input('code', 'method', 'hidden', { value: 'code' }),
      submit('code', 'method', 'code', msg('labelSubmit')),
      submit('code', 'email', email, msg('labelResendCode')),
    ];
  }
  if (flow.state === 'choose_method') {
    return [
      input('code', 'email', 'email', {
        required: true,
        autocomplete: 'email',
        label: msg('labelEmail'),
        ...(email ? { value: email } : {}),
      }),
      submit('code', 'method', 'code', msg('labelSubmit')),
    ];
  }
  return [];
}

// The shape of an address, as an e-mail field's format checks it: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The 400 answer for an address that cannot be one (Kratos's format error on the e-mail node), before any
 * code is made or mail sent; undefined when the address is well formed.
 */
export function malformedEmail(email: string): SubmitResult | undefined {
  if (EMAIL.test(email)) return undefined;
  return { type: 'flow', status: 400, view: { nodeMessages: { email: [msg('generic', { reason: `"${email}" is not valid "email"` })] } } };
}
