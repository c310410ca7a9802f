// What the run dialog runs and on what: the playbook (with its selectors when known) and the resource.
import type { PlaybookResourceRef, ResourceSearchRequest, ResourceSelector } from '@ops/shared';

/** A playbook as the dialog needs it: a /playbooks row (with its spec) or an item of the Playbooks menu. */
export interface RunDialogPlaybook {
  id: string;
  name: string;
  title?: string | null;
  spec?: Record<string, unknown> | null;
}

/** The resource a run is for: one of the ids (the first set wins), and a name to show. */
export interface RunDialogResource {
  name: string;
  type?: string | null;
  config_id?: string;
  component_id?: string;
  check_id?: string;
}

/** The request fields naming the resource. */
export function resourceRef(resource: RunDialogResource | undefined): PlaybookResourceRef {
  if (!resource) return {};
  if (resource.config_id) return { config_id: resource.config_id };
  if (resource.component_id) return { component_id: resource.component_id };
  return resource.check_id ? { check_id: resource.check_id } : {};
}

function selectors(value: unknown): ResourceSelector[] {
  return Array.isArray(value) ? value.filter((s): s is ResourceSelector => !!s && typeof s === 'object') : [];
}

/** The spec's configs, components and checks selectors; none means the playbook runs without a resource. */
export function targetSelectors(spec: Record<string, unknown> | null | undefined): ResourceSearchRequest {
  const out: ResourceSearchRequest = {};
  const configs = selectors(spec?.configs);
  const components = selectors(spec?.components);
  const checks = selectors(spec?.checks);
  if (configs.length) out.configs = configs;
  if (components.length) out.components = components;
  if (checks.length) out.checks = checks;
  return out;
}
