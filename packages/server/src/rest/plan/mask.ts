import { can } from '@ops/shared';
import type { Actor, RelationPolicy } from '../types.js';
import type { Cond, FieldRef, PlanNode } from './model.js';
import { writeResource } from './rbac.js';

/** The mask function of a relation's column for this caller, or undefined (not masked, or the caller may write). */
function maskFor(actor: Actor, policy: RelationPolicy, column: string): string | undefined {
  const m = policy.mask;
  if (!m || !m.columns.includes(column)) return undefined;
  return can(actor.roles, writeResource(policy), 'write') ? undefined : m.fn;
}

/**
 * Mark every field of a planned read (selects, filters, orders, at every embed level) whose column is
 * masked for the caller, so the SQL reads the masked value everywhere: no output, filter or order sees
 * the credential (a filter on it would otherwise be an oracle).
 */
export function applyMasks(root: PlanNode, actor: Actor): void {
  const mark = (node: PlanNode, f: FieldRef) => {
    const fn = maskFor(actor, node.policy, f.column.name);
    if (fn) f.mask = fn;
  };
  const cond = (node: PlanNode, c: Cond): void => {
    if (c.kind === 'filter') mark(node, c.field);
    else if (c.kind === 'logic') c.children.forEach((x) => cond(node, x));
  };
  const walk = (node: PlanNode): void => {
    for (const i of node.items) if (i.kind === 'column') mark(node, i.field);
    for (const c of node.where) cond(node, c);
    for (const o of node.order) mark(o.embed ? o.embed.node : node, o.field);
    for (const e of node.embeds) walk(e.node);
  };
  walk(root);
}
