import type { Aal, FlowKind, UiText } from '@ops/shared';

/** A stored self-service flow (table self_service_flows), as the flow code sees it. */
export interface FlowRecord {
  id: string;
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  csrfHash: string | null;
  requestUrl: string;
  returnTo: string | null;
  requestedAal: Aal;
  refresh: boolean;
  identityId: string | null;
  /** Server-only state: challenges, pending secrets (sealed), attempt counters. Never sent out. */
  data: Record<string, unknown>;
  /** Flow-level messages kept with the flow (shown again when the page fetches it). */
  messages: UiText[];
  issuedAt: Date;
  expiresAt: Date;
  completedAt: Date | null;
}

export interface NewFlow {
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  csrfHash: string | null;
  requestUrl: string;
  returnTo: string | null;
  requestedAal?: Aal;
  refresh?: boolean;
  identityId?: string | null;
  data?: Record<string, unknown>;
  messages?: UiText[];
  lifespanMs: number;
}

/** What a re-render adds to a flow's nodes: messages per node name, kept values, flow messages. */
export interface FlowView {
  messages?: UiText[];
  nodeMessages?: Record<string, UiText[]>;
  values?: Record<string, unknown>;
}

/** Whether the flow asks for the second factor (not a re-authentication of an aal2 session). */
export function isSecondFactor(flow: FlowRecord): boolean {
  return flow.requestedAal === 'aal2' && !flow.refresh;
}
