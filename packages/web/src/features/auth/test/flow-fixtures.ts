import { loginFlowSchema, UI_MESSAGES, type LoginFlow, type UiNode, type UiText } from '@ops/shared';

/** A Kratos message from the shared catalogue (texts as the server sends them). */
export function text(key: keyof typeof UI_MESSAGES, type: UiText['type'] = 'info'): UiText {
  return { id: UI_MESSAGES[key].id, text: UI_MESSAGES[key].text, type };
}

/** An input node in the contract's shape. */
export function inputNode(
  group: UiNode['group'],
  name: string,
  type: 'text' | 'password' | 'hidden' | 'submit' | 'email',
  extra: Partial<{ value: unknown; required: boolean; label: UiText }> = {},
): UiNode {
  const { label, ...attrs } = extra;
  return {
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...attrs },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** A password login flow like the server's, parsed by the shared schema so it cannot drift from the contract. */
export function passwordLoginFlow(id: string, overrides: Partial<LoginFlow> = {}): LoginFlow {
  return loginFlowSchema.parse({
    id,
    type: 'browser',
    expires_at: new Date(Date.now() + 600_000).toISOString(),
    issued_at: new Date().toISOString(),
    request_url: '/api/auth/self-service/login/browser',
    refresh: false,
    requested_aal: 'aal1',
    ui: {
      action: `/api/auth/self-service/login?flow=${id}`,
      method: 'POST',
      nodes: [
        inputNode('default', 'csrf_token', 'hidden', { value: 'csrf-1', required: true }),
        inputNode('default', 'identifier', 'text', { required: true, label: text('labelEmail') }),
        inputNode('password', 'password', 'password', { required: true, label: text('labelPassword') }),
        inputNode('password', 'method', 'submit', { value: 'password', label: text('login') }),
      ],
    },
    ...overrides,
  });
}
