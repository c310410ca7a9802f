import type { AnyFlow, UiNodeGroup } from '@ops/shared';
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
}

/** A flow page's body: spinner while loading, the error when it cannot load, else messages and forms. */
export function FlowBody<F extends AnyFlow>({ state, sections, id, initial }: FlowBodyProps<F>) {
  const { flow, error, version, submitting, submit, restart } = state;
  if (error && !flow) return <FlowLoadError error={error} onRetry={restart} />;
  if (!flow) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading" />
      </div>
    );
  }
  const shown = sections.filter((groups) => groups.some((g) => hasGroup(flow.ui.nodes, g)));
  return (
    <div className="grid gap-4">
      {/* The last answer's messages go while a new attempt is on its way: they speak of the old one. */}
      {!submitting && <FlowMessages messages={flow.ui.messages} />}
      {shown.map((groups, i) => (
        <Fragment key={groups.join('+')}>
          {i > 0 && (
            <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </div>
          )}
          <FlowForm
            key={`${version}-${groups.join('+')}`}
            flow={flow}
            groups={groups}
            defaults={i === 0 ? 'all' : 'hidden'}
            id={`${id}-${groups.join('-')}`}
            submitting={submitting}
            onSubmit={submit}
            initial={i === 0 ? initial : undefined}
          />
        </Fragment>
      ))}
    </div>
  );
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
