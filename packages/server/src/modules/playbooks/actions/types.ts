// What an action runner receives and returns. The engine builds the context (template data, the
// renderer, the abort signal) and stores the outcome; runners never write to the database themselves.
import type { PlaybookActionType } from '@ops/shared';
import type { AppContext } from '../../../context.js';

/**
 * The data templates see (`.config .params .env .playbook .run ...`). The resources helper's TemplateEnv
 * satisfies it; only `env` (the playbook's rendered env) and `playbook.namespace` are read here.
 */
export interface ActionTemplateEnv {
  env?: Record<string, string>;
  playbook?: { namespace?: string } & Record<string, unknown>;
  [key: string]: unknown;
}

export interface ActionContext {
  /** db, config, connections, events, log. */
  app: AppContext;
  /** Aborted on timeout, cancel or shutdown: a runner stops at once. */
  signal: AbortSignal;
  env: ActionTemplateEnv;
  /** A Go template against env (getAction, getLastAction and last_result available); throws on a bad template. */
  render(text: string): string;
  runId: string;
  actionId: string;
}

/** A file an action produced, kept with the run. */
export interface ActionArtifact {
  path: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ActionOutcome {
  status: 'completed' | 'failed';
  result: Record<string, unknown>;
  error?: string;
  artifacts?: ActionArtifact[];
}

/**
 * One entry of spec.actions as runners read it: exactly one action block is set. The spec's own
 * (zod-inferred) action type is assignable to this; blocks are validated by each runner.
 */
export interface PlaybookActionInput {
  name?: string;
  contentType?: string;
  exec?: unknown;
  http?: unknown;
  sql?: unknown;
  notification?: unknown;
  logs?: unknown;
  gitops?: unknown;
  pod?: unknown;
  kubernetes?: unknown;
}

/** A runner of one action type: the block as written (un-rendered) and the context. */
export type ActionRunner = (block: unknown, actx: ActionContext, action: PlaybookActionInput) => Promise<ActionOutcome>;

export type { PlaybookActionType };
