import { UI_MESSAGES, type UiNode, type UiText } from '@ops/shared';

const text = (key: 'labelEmail' | 'labelPassword' | 'login'): UiText => ({ ...UI_MESSAGES[key], type: 'info' });

/**
 * The first-factor sign-in form as the server draws it (same names, groups and order), shown while the
 * login flow is on its way so that what the user types then is kept when the flow arrives.
 */
export const PENDING_LOGIN_NODES: readonly UiNode[] = [
  {
    type: 'input',
    group: 'default',
    attributes: { node_type: 'input', name: 'csrf_token', type: 'hidden', disabled: false, required: true },
    messages: [],
    meta: {},
  },
  {
    type: 'input',
    group: 'default',
    attributes: { node_type: 'input', name: 'identifier', type: 'text', disabled: false, required: true, autocomplete: 'username' },
    messages: [],
    meta: { label: text('labelEmail') },
  },
  {
    type: 'input',
    group: 'password',
    attributes: {
      node_type: 'input',
      name: 'password',
      type: 'password',
      disabled: false,
      required: true,
      autocomplete: 'current-password',
    },
    messages: [],
    meta: { label: text('labelPassword') },
  },
  {
    type: 'input',
    group: 'password',
    attributes: { node_type: 'input', name: 'method', type: 'submit', disabled: false, value: 'password' },
    messages: [],
    meta: { label: text('login') },
  },
];
