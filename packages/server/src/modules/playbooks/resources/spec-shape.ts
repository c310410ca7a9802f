// The parts of a playbook spec this folder reads (parameters, resource selectors, `on` events, env), typed
// structurally so the full spec type from the shared schema fits them without a cast.
import type { ResourceSelector } from '@ops/shared';
import type { PlaybookHead } from '../playbooks.repository.js';

export interface ParameterDecl {
  name: string;
  label?: string;
  type?: string;
  required?: boolean;
  default?: unknown;
  description?: string;
  icon?: string;
  properties?: object;
}

export interface EventTriggerDecl {
  event?: string;
  filter?: string;
}

export interface EnvVarDecl {
  name: string;
  value?: unknown;
}

export interface SpecShape {
  title?: string;
  parameters?: readonly ParameterDecl[];
  configs?: readonly ResourceSelector[];
  checks?: readonly ResourceSelector[];
  components?: readonly ResourceSelector[];
  env?: readonly EnvVarDecl[];
  on?: { config?: readonly EventTriggerDecl[]; canary?: readonly EventTriggerDecl[]; component?: readonly EventTriggerDecl[] };
}

/** A live playbook row as this folder reads it (the columns of `playbooks`). */
export type PlaybookRowShape = PlaybookHead<SpecShape>;

/** Whether the spec names any resource selector: then it runs on a matching resource, else on none. */
export function hasSelectors(spec: SpecShape): boolean {
  return Boolean(spec.configs?.length || spec.checks?.length || spec.components?.length);
}
