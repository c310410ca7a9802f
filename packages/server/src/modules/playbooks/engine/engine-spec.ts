// The parts of a playbook's spec the engine reads (actions' if/delay/timeout/retry, the overall timeout and
// the approval rule). A run keeps its own copy of the spec, so the engine reads the copy, never the playbook.
import type { SpecShape } from '../resources/spec-shape.js';

/** The retry rule of an action: up to `limit` more attempts, `duration` apart, growing by `exponent.multiplier`. */
export interface EngineRetry {
  limit?: number;
  duration?: string;
  jitter?: number;
  exponent?: { multiplier?: number };
}

/** One action as the engine schedules it (its type block is handed to the action runner as is). */
export interface EngineAction {
  name: string;
  if?: string;
  delay?: string;
  timeout?: string;
  retry?: EngineRetry;
  [block: string]: unknown;
}

/** Who may approve a run, and whether one approval or all are needed. */
export interface EngineApproval {
  type?: 'any' | 'all';
  approvers?: { people?: string[]; teams?: string[] };
}

export interface EngineSpec {
  timeout?: string;
  actions?: EngineAction[];
  approval?: EngineApproval;
  [field: string]: unknown;
}

/** A spec as the engine and the resource helpers read it. */
export type RunSpec = EngineSpec & SpecShape;

/** The actions of a run's spec (an empty list when the spec has none). */
export function actionsOf(spec: EngineSpec): EngineAction[] {
  return Array.isArray(spec.actions) ? spec.actions : [];
}

/** True when the spec names at least one approver, so runs wait for approval before they start. */
export function needsApproval(spec: EngineSpec): boolean {
  const a = spec.approval?.approvers;
  return (a?.people?.length ?? 0) + (a?.teams?.length ?? 0) > 0;
}
