import type { UiNode, UiText } from '@ops/shared';
import { nodeLabel } from './flow-nodes';

/** The secrets of a text node: Kratos lists backup codes in context.secrets (texts or strings). */
export function textSecrets(text: UiText): string[] | null {
  const secrets = text.context?.secrets;
  if (!Array.isArray(secrets)) return null;
  return secrets.map((s: unknown) =>
    typeof s === 'string' ? s : typeof s === 'object' && s && 'text' in s ? String((s as UiText).text) : String(s),
  );
}

/** A text node: the TOTP secret key or the list of backup recovery codes, with its label. */
export function FlowTextNode({ node }: { node: UiNode }) {
  if (node.attributes.node_type !== 'text') return null;
  const { text, id } = node.attributes;
  const label = nodeLabel(node);
  const secrets = textSecrets(text);
  return (
    <div className="grid gap-1.5" data-node-id={id}>
      {label && <p className="text-sm text-muted-foreground">{label}</p>}
      {secrets ? (
        <ul
          aria-label={label || 'Codes'}
          className="grid grid-cols-2 gap-1 rounded-md border bg-muted p-3 font-mono text-sm sm:grid-cols-3"
        >
          {secrets.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : (
        <code aria-label={label || undefined} className="break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm">
          {text.text}
        </code>
      )}
    </div>
  );
}
