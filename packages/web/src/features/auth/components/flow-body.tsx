import type { AnyFlow, UiNode, UiNodeGroup } from '@ops/shared';
import { Fragment } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-errors';
import { Spinner } from '../../../components/ui/spinner';
import { FlowForm } from '../flow/flow-form';
import { FlowMessages } from '../flow/flow-messages';
import { hasGroup, type FlowValues } from '../flow/flow-nodes';
import { flowErrorText } from '../flow/flow-reaction';
import type { FlowState } from '../flow/use-flow';

export interface FlowBodyProps<F extends AnyFlow> {
  state: FlowState<F>;
  /** One form per entry, in order, shown when the flow has nodes of its groups ('or' between them). */
  sections: readonly (readonly UiNodeGroup[])[];
  id: string;
  initial?: FlowValues | undefined;
  /**
   * The first section's nodes as the flow will bring them: drawn (with its button disabled) while the flow
   * loads, and kept mounted when it arrives, so nothing typed meanwhile is lost.
   */
  pending?: readonly UiNode[] | undefined;
}

/** A flow page's body: spinner while loading, the error when it cannot load, else messages and forms. */
export function FlowBody<F extends AnyFlow>({ state, sections, id, initial, pending }: FlowBodyProps<F>) {
  const { flow, error, version, submitting, submit, restart } = state;
  if (error && !flow) return <FlowLoadError error={error} onRetry={restart} />;
  if (!flow && !(pending && sections[0])) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading" />
      </div>
    );
  }
  // Before the flow arrives: the first section from the pending nodes, in the same place of the tree, so
  // React keeps that form (and what was typed into it) when the flow replaces its nodes.
  const source = flow ?? { ui: { nodes: pending ?? [] } };
  const shown = flow ? sections.filter((groups) => groups.some((g) => hasGroup(flow.ui.nodes, g))) : sections.slice(0, 1);
  return (
    <div className="grid gap-4" aria-busy={!flow || undefined}>
      {/* The last answer's messages go while a new attempt is on its way: they speak of the old one. */}
      {flow && !submitting && <FlowMessages messages={flow.ui.messages} />}
      {shown.map((groups, i) => (
        <Fragment key={groups.join('+')}>
          {i > 0 && (
            <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </div>
          )}
          <FlowForm
            key={formKey(version, groups)}
            flow={source}
            groups={groups}
            defaults={i === 0 ? 'all' : 'hidden'}
            id={`${id}-${groups.join('-')}`}
            submitting={submitting || !flow}
            onSubmit={submit}
            initial={i === 0 ? initial : undefined}
          />
        </Fragment>
      ))}
    </div>
  );
}

/**
 * A form's key: a flow sent again (a new version) resets the form; the first flow (version 1) keeps the
 * form drawn from pending nodes (version 0) with what was typed into it.
 */
function formKey(version: number, groups: readonly UiNodeGroup[]): string {
  return `${Math.max(version, 1)}-${groups.join('+')}`;
}

/**
 * A flow that cannot be loaded: the server's reason, once, and Retry only when another try may work (the
 * network or the server failed); a refusal such as 'registration disabled' stays a refusal.
 */
export function FlowLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // Anything but an answer of the server (network, timeout) may pass on a second try, as may a 5xx.
  const retryable = !(error instanceof ApiError) || error.status >= 500;
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center">
      <p role="alert" className="text-sm text-destructive">
        {flowErrorText(error)}
      </p>
      {retryable && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
