import type { SettingsBody, UiNode } from '@ops/shared';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { input, msg, submit } from './nodes.js';
import { startOidc } from './oidc-start.js';

type OidcBody = Extract<SettingsBody, { method: 'oidc' }>;

/** 'Manage Social Sign In': a link or unlink button per configured provider. */
export async function oidcNodes(call: FlowCall, identityId: string): Promise<UiNode[]> {
  const providers = call.s.oidc.list();
  if (!providers.length) return [];
  const linked = new Set(await call.s.oidcLinks.providersOf(identityId));
  return [
    input('oidc', 'method', 'hidden', { value: 'oidc' }),
    ...providers.map((p) =>
      linked.has(p.id)
        ? submit('oidc', 'unlink', p.id, msg('settingsUnlinkOidc', { provider: p.label }))
        : submit('oidc', 'link', p.id, msg('settingsLinkOidc', { provider: p.label })),
    ),
  ];
}

/** Link (off to the provider, back through the callback) or unlink, never the last way to sign in. */
export async function oidcSubmit(call: FlowCall, flow: FlowRecord, body: OidcBody): Promise<SubmitResult> {
  const { s } = call;
  const identityId = flow.identityId!;
  if (body.link) return startOidc(call, flow, body.link, 'link');
  if (body.unlink) {
    const hasPassword = Boolean(await s.credentials.credential(identityId, 'password'));
    const links = await s.oidcLinks.providersOf(identityId);
    if (!links.includes(body.unlink))
      return { type: 'flow', status: 400, view: { messages: [msg('generic', { reason: `"${body.unlink}" is not linked.` })] } };
    if (!hasPassword && links.length === 1) {
      return {
        type: 'flow',
        status: 400,
        view: { messages: [msg('generic', { reason: 'Set a password before unlinking your only way to sign in.' })] },
      };
    }
    await s.oidcLinks.unlink(identityId, body.unlink);
    flow.state = 'success';
    return { type: 'flow', status: 200 };
  }
  return { type: 'flow', status: 400, view: { messages: [msg('settingsNoStrategy')] } };
}
