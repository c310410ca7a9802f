// Event triggers: the event-queue handlers of trigger.check.passed/failed (`on.canary`; copies of the health
// engine's check events that migration 0035 makes while a playbook subscribes), config.* (`on.config`) and
// component.* (`on.component`). Each finds the live playbooks subscribed to the event, loads the resource once,
// (for config.deleted, the deleted item) and submits a run (trigger = the event name, e.g. check.failed) for every
// playbook whose filter accepts it and whose resource selectors match it. A playbook that cannot start leaves a FAILED job-history row; others run.
import type { AppContext } from '../../../context.js';
import type { QueuedEvent } from '../../../jobs/event-queue.repository.js';
import { submitRun } from '../engine/index.js';
import { resourceLookupOf } from '../resources/resource-kinds.js';
import { loadResourceRow } from '../resources/resource-ref.js';
import { playbookAppliesTo } from '../resources/resource-match.js';
import type { SpecShape } from '../resources/spec-shape.js';
import { eventAccepts, type FilterEnv } from './event-match.js';
import { recordTriggerFailure } from './trigger-failure.js';
import type { TriggerSpec } from './trigger-spec.js';
import { playbooksForEvent, type EventClass } from './triggers.repository.js';

type Kind = 'config' | 'component' | 'check';

interface EventRoute {
  cls: EventClass;
  event: string;
  kind: Kind;
  /** The run's trigger: check.failed, config.unhealthy, … */
  trigger: string;
}

const route = (cls: EventClass, event: string, kind: Kind): EventRoute => ({ cls, event, kind, trigger: `${kind}.${event}` });

/** Every event a playbook can subscribe to, by its event-queue name. */
export const PLAYBOOK_TRIGGER_EVENTS: Record<string, EventRoute> = {
  'trigger.check.passed': route('canary', 'passed', 'check'),
  'trigger.check.failed': route('canary', 'failed', 'check'),
  ...Object.fromEntries(
    ['created', 'updated', 'deleted', 'healthy', 'unhealthy', 'warning', 'unknown'].map((e) => [
      `config.${e}`,
      route('config', e, 'config'),
    ]),
  ),
  ...Object.fromEntries(['healthy', 'unhealthy', 'warning', 'unknown'].map((e) => [`component.${e}`, route('component', e, 'component')])),
};

/** Register the handlers on this process's event queue (once per process, before or after the consumer starts). */
export function registerPlaybookEventTriggers(ctx: AppContext): void {
  for (const [name, r] of Object.entries(PLAYBOOK_TRIGGER_EVENTS)) {
    ctx.events.on(name, async (event) => {
      await handleTriggerEvent(ctx, r, event);
    });
  }
}

/**
 * Start the runs one event asks for. Only reading the playbooks and the resource can fail the event (and
 * retry it); a playbook that cannot start is recorded and skipped, so a retry never starts a run twice.
 */
export async function handleTriggerEvent(ctx: AppContext, r: EventRoute, event: QueuedEvent): Promise<number> {
  const db = ctx.db.kysely;
  const playbooks = await playbooksForEvent(db, r.cls, r.event);
  if (playbooks.length === 0) return 0;
  const id = resourceId(event, r.kind);
  if (!id) throw new Error(`event ${event.name} ${event.id} names no ${r.kind} (properties.id)`);
  // A config.deleted run is about the item that went: its soft-deleted row is the resource.
  const lookup = resourceLookupOf(r.trigger);
  const row = await loadResourceRow(db, r.kind, id, lookup);
  if (!row) return 0;
  const at = event.created_at instanceof Date ? event.created_at.toISOString() : String(event.created_at);
  const env: FilterEnv = { [r.kind]: row, event: { name: r.trigger, properties: event.properties, created_at: at } };
  if (r.kind === 'check') env.canary = row.canary;
  const labels = { ...asMap(row.tags), ...asMap(row.labels) };
  const ref = { [`${r.kind}_id`]: id };
  let started = 0;
  for (const playbook of playbooks) {
    try {
      if (!eventAccepts(playbook.spec.on?.[r.cls] ?? [], r.event, env, labels, `spec.on.${r.cls}`)) continue;
      // Selectors that do not match mean "not this resource". With none of this kind the engine decides (and
      // a refusal is recorded), so a playbook that can never run on its events shows why on the Jobs page.
      if (hasSelectorsFor(playbook.spec, r.kind) && !(await playbookAppliesTo(db, playbook.spec as SpecShape, ref, lookup))) continue;
      await submitRun(ctx, { playbookId: playbook.id, resource: ref, trigger: r.trigger });
      started++;
    } catch (err) {
      await recordTriggerFailure(ctx, playbook.id, r.trigger, err);
    }
  }
  return started;
}

const SELECTORS: Record<Kind, 'configs' | 'components' | 'checks'> = { config: 'configs', component: 'components', check: 'checks' };

function hasSelectorsFor(spec: TriggerSpec, kind: Kind): boolean {
  const list = spec[SELECTORS[kind]];
  return Array.isArray(list) && list.length > 0;
}

function resourceId(event: QueuedEvent, kind: Kind): string | undefined {
  const p = event.properties;
  const v = p[`${kind}_id`] ?? p.id;
  return typeof v === 'string' && v ? v : undefined;
}

function asMap(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
