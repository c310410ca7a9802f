// The "suggested playbook": a playbook whose `on` event trigger describes the resource's current state (a
// failing check for `on.canary[event=failed]`, an unhealthy config for `on.config[event=unhealthy]`, with
// its CEL `filter` and `labels` holding) is offered first in the resource's Playbooks menu.
import { evaluateCel } from '@ops/shared/expr';
import type { RunResource } from './resource-ref.js';
import type { EventTriggerDecl, SpecShape } from './spec-shape.js';

const HEALTH_EVENTS = new Set(['healthy', 'unhealthy', 'warning', 'unknown']);

/** Whether one of the spec's event triggers matches the resource as it is now. */
export function isSuggested(spec: SpecShape, resource: RunResource): boolean {
  const { config, component, check } = resource;
  if (check) {
    const event = check.status === 'unhealthy' ? 'failed' : check.status === 'healthy' ? 'passed' : undefined;
    const vars = { check, canary: check.canary ?? {} };
    return matches(spec.on?.canary, event, check, vars);
  }
  if (config) return matches(spec.on?.config, healthEvent(config.health), config, { config });
  if (component) return matches(spec.on?.component, healthEvent(component.health), component, { component });
  return false;
}

function healthEvent(health: unknown): string | undefined {
  return typeof health === 'string' && HEALTH_EVENTS.has(health) ? health : undefined;
}

function matches(
  triggers: readonly EventTriggerDecl[] | undefined,
  event: string | undefined,
  row: Record<string, unknown>,
  vars: Record<string, unknown>,
): boolean {
  if (!event || !triggers?.length) return false;
  return triggers.some((t) => t.event === event && labelsHold(t, row) && filterHolds(t.filter, vars));
}

function labelsHold(t: EventTriggerDecl, row: Record<string, unknown>): boolean {
  const want = (t as { labels?: Record<string, string> }).labels;
  if (!want) return true;
  const have = (row.labels ?? {}) as Record<string, unknown>;
  return Object.entries(want).every(([k, v]) => have[k] === v);
}

// A filter that fails to evaluate suggests nothing: the menu must not break on one bad expression.
function filterHolds(filter: string | undefined, vars: Record<string, unknown>): boolean {
  if (!filter?.trim()) return true;
  try {
    return evaluateCel(filter, vars) === true;
  } catch {
    return false;
  }
}
