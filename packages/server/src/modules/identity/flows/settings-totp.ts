import type { SettingsBody, UiNode } from '@ops/shared';
import { newTotpSecret, checkTotp, totpUrl } from '../mfa/totp.js';
import { qrDataUrl } from '../qr/qr-svg.js';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { imageNode, input, msg, submit, textNode } from './nodes.js';
import { hashSecret } from '../tokens.js';
import { issueSession, method, type CurrentSession } from './session-cookie.js';

type TotpBody = Extract<SettingsBody, { method: 'totp' }>;

/** Keep a sealed, not yet confirmed TOTP secret in the flow while the identity has no authenticator. */
export async function prepareTotp(call: FlowCall, identityId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const linked = Boolean(await call.s.credentials.credential(identityId, 'totp'));
  if (linked) {
    const { totp_pending: _drop, ...rest } = data;
    return rest;
  }
  return data.totp_pending ? data : { ...data, totp_pending: call.s.box.seal(newTotpSecret()) };
}

/**
 * 'Manage 2FA TOTP Authenticator App': the QR code (an SVG data URL drawn by `qrcode`), the secret
 * as text and a code input; or the unlink button once an app is linked.
 */
export async function totpNodes(call: FlowCall, flow: FlowRecord, email: string): Promise<UiNode[]> {
  if (!flow.data.totp_pending) {
    return [input('totp', 'method', 'hidden', { value: 'totp' }), submit('totp', 'totp_unlink', true, msg('settingsUnlinkTotp'))];
  }
  const secret = call.s.box.open(String(flow.data.totp_pending));
  return [
    imageNode('totp', 'totp_qr', await qrDataUrl(totpUrl(secret, email)), 256, msg('settingsTotpQr')),
    textNode('totp', 'totp_secret_key', msg('settingsTotpSecret', { secret }), msg('settingsTotpSecretLabel')),
    input('totp', 'totp_code', 'text', { required: true, autocomplete: 'one-time-code', label: msg('labelVerifyCode') }),
    submit('totp', 'method', 'totp', msg('labelSave')),
  ];
}

/** Link the app (a correct code for the pending secret; the session becomes aal2) or unlink it. */
export async function totpSubmit(call: FlowCall, flow: FlowRecord, body: TotpBody, current: CurrentSession): Promise<SubmitResult> {
  const { s } = call;
  const identityId = flow.identityId!;
  if (body.totp_unlink) {
    if (!(await s.credentials.credential(identityId, 'totp')))
      return { type: 'flow', status: 400, view: { messages: [msg('noTotpDevice')] } };
    await s.credentials.deleteCredential(identityId, 'totp');
    s.identity.invalidate();
    flow.state = 'success';
    return { type: 'flow', status: 200 };
  }
  const pending = flow.data.totp_pending ? s.box.open(String(flow.data.totp_pending)) : undefined;
  if (!pending) return { type: 'flow', status: 400, view: { messages: [msg('settingsNoStrategy')] } };
  const step = body.totp_code ? await checkTotp(pending, body.totp_code) : undefined;
  if (step === undefined)
    return {
      type: 'flow',
      status: 400,
      view: { nodeMessages: { totp_code: [body.totp_code ? msg('totpWrong') : msg('required', { property: 'totp_code' })] } },
    };
  await s.credentials.putCredential(identityId, 'totp', s.box.seal(pending), { last_step: step });
  await upgradeToAal2(call, current, 'totp');
  flow.state = 'success';
  return { type: 'flow', status: 200 };
}

/**
 * After adding a second factor the identity needs aal2: the session that proved it is re-issued at aal2
 * under a new id (a privilege change), so the person stays signed in.
 */
export async function upgradeToAal2(call: FlowCall, current: CurrentSession, methodName: string): Promise<void> {
  if (current.row.aal === 'aal2') {
    call.s.identity.invalidate();
    return;
  }
  const methods = [...current.row.methods, method(methodName, 'aal2')];
  if (current.via === 'cookie')
    await issueSession(call.request, call.reply, call.s, 'browser', current.row.person_id, { aal: 'aal2', methods, replaces: current });
  else await call.s.identity.sessions.setAal(hashSecret(current.secret), 'aal2', methods);
  call.s.identity.invalidate();
}
