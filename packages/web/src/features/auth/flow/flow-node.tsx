import type { UiNode } from '@ops/shared';
import { Button, Checkbox, Input, Label } from '../../../components/ui';
import { NodeMessages } from './flow-messages';
import { buttonVariant, isInput, nodeLabel, type InputNode } from './flow-nodes';
import { FlowTextNode } from './flow-text-node';

export interface FlowNodeProps {
  node: UiNode;
  /** Unique per form (several forms share node names on the settings page). */
  idPrefix: string;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
  /** Index of the node in its form, so a pressed submit button can be found again. */
  index: number;
  submitting: boolean;
  /** Client-side error for this field ('This field is required'). */
  error?: string | undefined;
  /** WebAuthn trigger buttons run a browser ceremony instead of submitting directly. */
  onTrigger: (node: InputNode) => void;
}

const TEXT_TYPES = new Set(['text', 'password', 'number', 'email', 'tel', 'url', 'date', 'datetime-local']);

/** One node of a flow: a field, a button, an image (TOTP QR code), a text (secret, codes) or a link. */
export function FlowNode({ node, idPrefix, value, onChange, index, submitting, error, onTrigger }: FlowNodeProps) {
  const label = nodeLabel(node);
  const a = node.attributes;
  if (a.node_type === 'img')
    return <img src={a.src} width={a.width} height={a.height} alt={label || 'QR code'} className="rounded-md border bg-white p-2" />;
  if (a.node_type === 'text') return <FlowTextNode node={node} />;
  if (a.node_type === 'a') {
    return (
      <a href={a.href} id={a.id} className="text-sm text-primary underline-offset-4 hover:underline">
        {a.title.text}
      </a>
    );
  }
  if (!isInput(node)) return null;
  const input = node.attributes;
  const id = `${idPrefix}-${input.name.replace(/\W/g, '-')}`;
  if (input.type === 'hidden') return null;
  if (input.type === 'submit' || input.type === 'button') {
    const trigger = !!input.onclickTrigger;
    return (
      <div className="grid gap-1">
        <Button
          type={trigger ? 'button' : 'submit'}
          name={trigger ? undefined : input.name}
          value={trigger ? undefined : String(input.value ?? '')}
          data-node-index={index}
          variant={buttonVariant(node)}
          disabled={input.disabled || submitting}
          onClick={trigger ? () => onTrigger(node) : undefined}
          className="w-full"
        >
          {label}
        </Button>
        <NodeMessages messages={node.messages} />
      </div>
    );
  }
  if (input.type === 'checkbox') {
    return (
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={value === true} disabled={input.disabled} onCheckedChange={(v) => onChange(input.name, v)} />
          <Label htmlFor={id}>{label}</Label>
        </div>
        <NodeMessages messages={node.messages} />
      </div>
    );
  }
  if (!TEXT_TYPES.has(input.type)) return null;
  const invalid = !!error || node.messages.some((m) => m.type === 'error');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={input.name}
        type={input.type}
        value={typeof value === 'string' || typeof value === 'number' ? value : ''}
        required={input.required}
        disabled={input.disabled}
        autoComplete={input.autocomplete}
        pattern={input.pattern}
        maxLength={input.maxlength}
        invalid={invalid}
        onChange={(e) => onChange(input.name, e.target.value)}
      />
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <NodeMessages messages={node.messages} />
    </div>
  );
}
