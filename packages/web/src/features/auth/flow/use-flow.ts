import type { AnyFlow, FlowKind } from '@ops/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { createFlow, getFlow, submitFlow, type FlowParams } from './flow-api';
import { flowReaction, isFlow } from './flow-reaction';
import { useGoTo } from './use-go-to';

export interface UseFlowOptions {
  kind: FlowKind;
  /** Query for a new flow (return_to, refresh, aal). */
  params: FlowParams;
  /** Where error reactions send the user back to (login?return_to=…). */
  returnTo: string;
  /** A 2xx answer that is not a flow (login and registration success). */
  onSuccess?: (data: unknown) => void;
  /** A 2xx answer that is a flow (settings saved, recovery code sent, verification passed). */
  onFlow?: (flow: AnyFlow) => void;
}

export interface FlowState<F extends AnyFlow> {
  flow: F | null;
  /** Changes whenever the server sends the flow again: forms use it as key to reset their values. */
  version: number;
  /** Set when the flow cannot be loaded at all (e.g. registration disabled). */
  error: unknown;
  submitting: boolean;
  submit: (body: Record<string, unknown>) => Promise<void>;
  /** Start over with a new flow. */
  restart: () => void;
}

// A server that keeps answering "start over" must not make the page loop.
const MAX_RESTARTS = 3;

/**
 * Loads the flow named by ?flow= (or creates one and puts its id in the URL), submits bodies to its
 * action and applies the flow reactions: 400 re-renders, 410 restarts, flow error ids redirect or toast.
 */
export function useFlow<F extends AnyFlow>({ kind, params, returnTo, onSuccess, onFlow }: UseFlowOptions): FlowState<F> {
  const [search, setSearch] = useSearchParams();
  const flowId = search.get('flow');
  // A new flow is created when what it is asked for changes without a flow id in the URL (an aal2 link
  // without a session is sent on to plain sign-in: same page, no flow yet, other parameters).
  const paramsKey = JSON.stringify(params);
  const go = useGoTo();
  const [state, setState] = useState<{ flow: F | null; version: number }>({ flow: null, version: 0 });
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [nonce, setNonce] = useState(0);
  const restarts = useRef(0);
  const latest = useRef({ params, returnTo, onSuccess, onFlow, flow: state.flow, flowId, setSearch, go });
  useEffect(() => {
    latest.current = { params, returnTo, onSuccess, onFlow, flow: state.flow, flowId, setSearch, go };
  });

  const show = useCallback((flow: F) => setState((s) => ({ flow, version: s.version + 1 })), []);
  // The router's setter changes with every URL change; reading it from the ref keeps these callbacks stable.
  const setFlowParam = useCallback((id: string | null) => {
    latest.current.setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('flow', id);
        else next.delete('flow');
        return next;
      },
      { replace: true },
    );
  }, []);

  /** Drop the flow and load `id` (or a new one): through the URL when it changes, else by a reload tick. */
  const restartWith = useCallback(
    (id: string | null) => {
      setState((s) => ({ flow: null, version: s.version }));
      setError(null);
      if (id !== latest.current.flowId) setFlowParam(id);
      else setNonce((n) => n + 1);
    },
    [setFlowParam],
  );

  const react = useCallback(
    (err: unknown) => {
      const r = flowReaction(err, kind, latest.current.returnTo);
      if (r.type === 'rerender') return show(r.flow as F);
      if (r.type === 'redirect') return latest.current.go(r.to);
      if (r.type === 'toast') {
        // Without a flow the page shows the reason in place of the form: a toast would say it twice.
        if (latest.current.flow) toast.error(r.message);
        else setError(err);
        return;
      }
      if (r.toast) toast.error(r.toast);
      if (++restarts.current > MAX_RESTARTS) return setError(err);
      restartWith(r.flowId ?? null);
    },
    [kind, show, restartWith],
  );

  useEffect(() => {
    if (state.flow && state.flow.id === flowId) return;
    const ctrl = new AbortController();
    const load = flowId ? getFlow<F>(kind, flowId, ctrl.signal) : createFlow<F>(kind, latest.current.params, ctrl.signal);
    load.then(
      (flow) => {
        if (ctrl.signal.aborted) return;
        restarts.current = 0;
        setError(null);
        show(flow);
        if (flow.id !== flowId) setFlowParam(flow.id);
      },
      (err: unknown) => !ctrl.signal.aborted && react(err),
    );
    return () => ctrl.abort();
    // state.flow is read only to skip refetching the flow just shown; it must not trigger loads itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, flowId, paramsKey, nonce, show, react, setFlowParam]);

  const submit = useCallback(
    async (body: Record<string, unknown>) => {
      const flow = latest.current.flow;
      if (!flow) return;
      setSubmitting(true);
      try {
        const data = await submitFlow<unknown>(flow, body);
        restarts.current = 0;
        if (isFlow(data)) {
          show(data as F);
          latest.current.onFlow?.(data);
        } else latest.current.onSuccess?.(data);
      } catch (err) {
        react(err);
      } finally {
        setSubmitting(false);
      }
    },
    [react, show],
  );

  const restart = useCallback(() => restartWith(null), [restartWith]);

  return { flow: state.flow, version: state.version, error, submitting, submit, restart };
}
