import { UI_MESSAGES, type UiMessageKey, type UiNode, type UiNodeGroup, type UiNodeInputAttributes, type UiText } from '@ops/shared';

type InputType = UiNodeInputAttributes['type'];

/** A Kratos message by catalogue key, with `{name}` placeholders filled from context. */
export function msg(key: UiMessageKey, context?: Record<string, unknown>, type?: UiText['type']): UiText {
  const entry = UI_MESSAGES[key];
  const text = entry.text.replace(/\{(\w+)\}/g, (all, name: string) => (context && name in context ? String(context[name]) : all));
  const kind =
    type ?? (entry.id >= 4_000_000 ? 'error' : entry.id === 1050001 || entry.id === 1080002 || entry.id === 1060001 ? 'success' : 'info');
  return { id: entry.id, text, type: kind, ...(context ? { context } : {}) };
}

interface InputOptions {
  value?: unknown;
  required?: boolean;
  disabled?: boolean;
  autocomplete?: string;
  label?: UiText;
  onclickTrigger?: UiNodeInputAttributes['onclickTrigger'];
}

/** An input node (text, password, hidden, submit button …). */
export function input(group: UiNodeGroup, name: string, type: InputType, opts: InputOptions = {}): UiNode {
  const attributes: UiNodeInputAttributes = { node_type: 'input', name, type, disabled: opts.disabled ?? false };
  if (opts.value !== undefined) attributes.value = opts.value;
  if (opts.required) attributes.required = true;
  if (opts.autocomplete) attributes.autocomplete = opts.autocomplete;
  if (opts.onclickTrigger) attributes.onclickTrigger = opts.onclickTrigger;
  return { type: 'input', group, attributes, messages: [], meta: opts.label ? { label: opts.label } : {} };
}

/** A submit button sending `name=value` (e.g. method=password). */
export function submit(group: UiNodeGroup, name: string, value: unknown, label: UiText): UiNode {
  return input(group, name, 'submit', { value, label });
}

/** The hidden CSRF token node every flow carries. */
export function csrfNode(token: string): UiNode {
  return input('default', 'csrf_token', 'hidden', { value: token, required: true });
}

export function textNode(group: UiNodeGroup, id: string, text: UiText, label?: UiText): UiNode {
  return { type: 'text', group, attributes: { node_type: 'text', id, text }, messages: [], meta: label ? { label } : {} };
}

export function imageNode(group: UiNodeGroup, id: string, src: string, size: number, label?: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { node_type: 'img', id, src, width: size, height: size },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** Put re-render messages on their nodes and keep the values the user typed (never secrets). */
export function applyView(nodes: UiNode[], nodeMessages: Record<string, UiText[]> = {}, values: Record<string, unknown> = {}): UiNode[] {
  return nodes.map((n) => {
    if (n.attributes.node_type !== 'input') return n;
    const name = n.attributes.name;
    const messages = nodeMessages[name] ?? [];
    const keep = name in values && n.attributes.type !== 'password' && n.attributes.type !== 'submit' && name !== 'csrf_token';
    if (!messages.length && !keep) return n;
    return { ...n, attributes: keep ? { ...n.attributes, value: values[name] } : n.attributes, messages: [...n.messages, ...messages] };
  });
}
