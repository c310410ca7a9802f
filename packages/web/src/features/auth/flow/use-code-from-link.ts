import type { RecoveryFlow, VerificationFlow } from '@ops/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { findInput, flowBody, initialValues, nodesOf } from './flow-nodes';
import type { FlowState } from './use-flow';

/**
 * A mailed link carries `?flow=…&code=…`: once the flow asks for the code, submit it (once) so the
 * person does not have to type it; the code leaves the address bar first.
 */
export function useCodeFromLink(state: FlowState<RecoveryFlow | VerificationFlow>): void {
  const [params, setParams] = useSearchParams();
  const used = useRef(false);
  const { flow, submit } = state;
  useEffect(() => {
    const code = params.get('code');
    if (!flow || used.current || !code || !findInput(flow.ui.nodes, 'code')) return;
    used.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('code');
        return next;
      },
      { replace: true },
    );
    const nodes = nodesOf(flow.ui.nodes, ['code']).filter((n) => !(n.attributes.node_type === 'input' && n.attributes.name === 'email'));
    void submit(flowBody(nodes, { ...initialValues(nodes), code }, { name: 'method', value: 'code' }));
  }, [flow, params, setParams, submit]);
}
