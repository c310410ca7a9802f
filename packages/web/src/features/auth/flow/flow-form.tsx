import { MESSAGES, type AnyFlow, type UiNode, type UiNodeGroup } from '@ops/shared';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-errors';
import { FlowNode } from './flow-node';
import { buttonValue, flowBody, initialValues, isButton, isInput, nodesOf, type FlowValues, type InputNode } from './flow-nodes';
import { runWebAuthn } from './webauthn';

export interface FlowFormProps {
  /** The flow (only its nodes are read: a form may be drawn from placeholder nodes before the flow arrives). */
  flow: Pick<AnyFlow, 'ui'> | { ui: { nodes: readonly UiNode[] } };
  /** Groups this form renders and sends (the 'default' group is always included). */
  groups: readonly UiNodeGroup[];
  /** 'hidden': of the default group only its hidden inputs (csrf_token), for the second form on a page. */
  defaults?: 'all' | 'hidden';
  /** Prefix of field ids; unique per form on the page. */
  id: string;
  submitting: boolean;
  onSubmit: (body: Record<string, unknown>) => Promise<void> | void;
  /** Values to start with instead of the nodes' own (e.g. the identifier from ?username=). */
  initial?: FlowValues;
  /** Extra content under the fields (links). */
  children?: ReactNode;
  'aria-label'?: string;
}

/** Required visible inputs that are still empty, with 'This field is required'. */
export function missingRequired(nodes: readonly UiNode[], values: FlowValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const n of nodes) {
    if (!isInput(n) || isButton(n) || n.attributes.type === 'hidden' || !n.attributes.required) continue;
    const v = values[n.attributes.name];
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) errors[n.attributes.name] = MESSAGES.required;
  }
  return errors;
}

/**
 * A form rendered from a flow's nodes: it sends the nodes' values plus the pressed button's name and
 * value to the flow's action. Key it by the flow version so a re-sent flow resets the values.
 */
export function FlowForm({ flow, groups, defaults = 'all', id, submitting, onSubmit, initial, children, ...aria }: FlowFormProps) {
  const nodes = useMemo(() => nodesOf(flow.ui.nodes, groups, defaults), [flow.ui.nodes, groups, defaults]);
  const [values, setValues] = useState<FlowValues>(() => ({ ...initialValues(nodes), ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const send = async (pressed: InputNode | undefined, extra: FlowValues = {}): Promise<void> => {
    const all = { ...values, ...extra };
    // Buttons that act on their own (remove a key, reveal codes, unlink) need no typed field.
    const needsFields = !pressed || pressed.attributes.name === 'method';
    const found = needsFields ? missingRequired(nodes, all) : {};
    setErrors(found);
    if (Object.keys(found).length) return;
    await onSubmit(flowBody(nodes, all, pressed ? { name: pressed.attributes.name, value: buttonValue(pressed) } : undefined));
  };

  const submit = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const index = Number(submitter?.dataset.nodeIndex ?? NaN);
    const pressed = Number.isNaN(index)
      ? nodes.find((n): n is InputNode => isInput(n) && n.attributes.type === 'submit')
      : (nodes[index] as InputNode);
    void send(pressed);
  };

  const trigger = async (node: InputNode): Promise<void> => {
    setBusy(true);
    try {
      const { field, json } = await runWebAuthn(node.attributes);
      await send({ ...node, attributes: { ...node.attributes, name: 'method', value: 'webauthn' } }, { [field]: json });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={aria['aria-label']}>
      {nodes.map((node, i) => (
        <FlowNode
          key={`${node.group}-${isInput(node) ? `${node.attributes.name}-${String(node.attributes.value ?? '')}` : node.attributes.node_type}-${i}`}
          node={node}
          idPrefix={id}
          index={i}
          value={isInput(node) ? values[node.attributes.name] : undefined}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
          submitting={submitting || busy}
          error={isInput(node) ? errors[node.attributes.name] : undefined}
          onTrigger={(n) => void trigger(n)}
        />
      ))}
      {children}
    </form>
  );
}
