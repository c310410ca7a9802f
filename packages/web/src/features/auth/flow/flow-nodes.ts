import type { UiNode, UiNodeGroup, UiNodeInputAttributes } from '@ops/shared';

/** Values typed into a flow form, by node name (e.g. 'traits.email'). */
export type FlowValues = Record<string, unknown>;

/** An input node (the kind with name and value). */
export type InputNode = UiNode & { attributes: UiNodeInputAttributes };

/** Whether a node is an input node. */
export function isInput(node: UiNode): node is InputNode {
  return node.attributes.node_type === 'input';
}

/** Buttons carry a name/value that is sent only when that button is pressed. */
export function isButton(node: UiNode): boolean {
  return isInput(node) && (node.attributes.type === 'submit' || node.attributes.type === 'button');
}

/**
 * The nodes of the given groups plus the 'default' group (csrf_token, identifier) that every form sends;
 * with `defaults: 'hidden'` only its hidden inputs, so a second form on the page does not repeat the identifier.
 */
export function nodesOf(nodes: readonly UiNode[], groups: readonly UiNodeGroup[], defaults: 'all' | 'hidden' = 'all'): UiNode[] {
  return nodes.filter((n) => {
    if (groups.includes(n.group)) return true;
    if (n.group !== 'default') return false;
    return defaults === 'all' || (isInput(n) && n.attributes.type === 'hidden');
  });
}

/** Outline style for secondary actions (social sign-in, remove, unlink, disable); primary for the rest. */
export function buttonVariant(node: InputNode): 'outline' | 'primary' {
  const name = node.attributes.name;
  const secondary =
    node.group === 'oidc' || name === 'webauthn_remove' || name === 'unlink' || name === 'totp_unlink' || name.endsWith('_disable');
  return secondary ? 'outline' : 'primary';
}

/** Whether any node of a group (other than hidden inputs) is present, to decide which sections to show. */
export function hasGroup(nodes: readonly UiNode[], group: UiNodeGroup): boolean {
  return nodes.some((n) => n.group === group && !(isInput(n) && n.attributes.type === 'hidden'));
}

/** A node's visible label: the input's own label, else meta.label, else its name. */
export function nodeLabel(node: UiNode): string {
  if (isInput(node)) return node.attributes.label?.text ?? node.meta.label?.text ?? node.attributes.name;
  return node.meta.label?.text ?? '';
}

/** Starting values of a form: every non-button input's value ('' when none, false for checkboxes). */
export function initialValues(nodes: readonly UiNode[]): FlowValues {
  const out: FlowValues = {};
  for (const n of nodes) {
    if (!isInput(n) || isButton(n)) continue;
    const { name, type, value } = n.attributes;
    out[name] = value ?? (type === 'checkbox' ? false : '');
  }
  return out;
}

/** Sets `a.b.c` in a nested object (Kratos names traits as 'traits.name.first'). */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let obj = target;
  for (const key of keys.slice(0, -1)) {
    const next = obj[key];
    obj = (obj[key] = next && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  obj[keys[keys.length - 1]!] = value;
}

/**
 * The JSON body for a submit: the values of this form's inputs (nested by their dotted names) plus the
 * pressed button's name and value (e.g. method: 'password'); empty fields are left out.
 */
export function flowBody(
  nodes: readonly UiNode[],
  values: FlowValues,
  pressed?: { name: string; value: unknown },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const n of nodes) {
    if (!isInput(n) || isButton(n)) continue;
    let value = values[n.attributes.name];
    // A hidden input nobody set (the CSRF token) sends the flow's own value: a form that outlived the
    // flow it was first drawn from (the sign-in form shown before its flow arrived) has no copy of it.
    if ((value === '' || value === undefined) && n.attributes.type === 'hidden') value = n.attributes.value ?? undefined;
    if (value === '' || value === undefined) continue;
    setPath(body, n.attributes.name, n.attributes.type === 'number' && value !== '' ? Number(value) : value);
  }
  if (pressed) setPath(body, pressed.name, pressed.value);
  return body;
}

/** The value of a button node as the server wants it back ('true' strings become true for lookup buttons). */
export function buttonValue(node: InputNode): unknown {
  const v = node.attributes.value;
  return v === 'true' ? true : v === 'false' ? false : (v ?? '');
}

/** The first input node with this name, if the flow has it. */
export function findInput(nodes: readonly UiNode[], name: string): InputNode | undefined {
  return nodes.find((n): n is InputNode => isInput(n) && n.attributes.name === name);
}
