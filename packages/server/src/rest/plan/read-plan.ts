import { PgrstError, notEmbedded } from '../errors.js';
import type { Filter, LogicTree, ParsedQuery, RangeSpec, SelectItem } from '../parse/ast.js';
import type { Registry } from '../registry.js';
import { isToOne, type SchemaCache } from '../schema/model.js';
import type { Actor, RelationPolicy } from '../types.js';
import { fieldKey, resolveCast, resolveField, visible } from './fields.js';
import { applyMasks } from './mask.js';
import type { Cond, EmbedNode, OrderItem, PlanNode, RelationLike } from './model.js';
import { requireRead } from './rbac.js';
import { findRelationship } from './relationship.js';

/** What the planner needs besides the query: the schema, the registry, the caller, and the root relation. */
export interface PlanInput {
  cache: SchemaCache;
  registry: Registry;
  actor: Actor;
  rel: RelationLike;
  policy: RelationPolicy;
  /** Name relationships are looked up from (a function returning a table's rows uses the table). */
  relationshipSource: string;
  query: ParsedQuery;
  /** The root's range, already combined with the Range header. */
  rootRange: RangeSpec;
}

/**
 * Resolve a parsed query against the schema cache: columns exist and are visible, embeds map to one
 * relationship each and are readable by the caller, filters/orders/ranges land on the right level.
 */
export function planRead(input: PlanInput): PlanNode {
  let seq = 0;
  const nextAlias = () => `pgrst_${seq++}`;
  const build = (rel: RelationLike, policy: RelationPolicy, source: string, items: SelectItem[]): PlanNode => {
    const node: PlanNode = { rel, policy, alias: nextAlias(), items: [], where: [], order: [], range: { offset: 0 }, embeds: [] };
    const fromStar = new Set<PlanNode['items'][number]>();
    for (const item of items) {
      if (item.kind === 'star') {
        for (const col of rel.columnList) {
          if (!visible(policy, col.name)) continue;
          const out: PlanNode['items'][number] = { kind: 'column', field: { column: col, json: [] }, key: col.name };
          fromStar.add(out);
          node.items.push(out);
        }
      } else if (item.kind === 'field') {
        const field = resolveField(rel, policy, item.field);
        const cast = item.cast ? resolveCast(input.cache.types, item.cast) : undefined;
        node.items.push({ kind: 'column', field, key: fieldKey(item.field, item.alias), cast });
      } else {
        const embed = buildEmbed(item, source);
        node.embeds.push(embed);
        if (embed.output) node.items.push({ kind: 'embed', embed });
        if (embed.inner) node.where.push({ kind: 'exists', embed, negate: false });
      }
    }
    // `*,created_by(*)`: an embed named like a column replaces that column, so each key appears once in the JSON.
    const embedKeys = new Set(node.embeds.filter((e) => e.output).map((e) => e.key));
    if (embedKeys.size) node.items = node.items.filter((i) => !(i.kind === 'column' && fromStar.has(i) && embedKeys.has(i.key)));
    return node;
  };
  const buildEmbed = (item: Extract<SelectItem, { kind: 'embed' }>, source: string): EmbedNode => {
    if (item.spread) throw new PgrstError(400, 'PGRST127', 'Feature not implemented', 'Spread embeds (...relation) are not supported');
    const relationship = findRelationship(input.cache, input.registry, source, item.name, item.hint);
    const policy = input.registry.relation(relationship.target)!;
    requireRead(input.actor, policy);
    if (relationship.junction) requireRead(input.actor, input.registry.relation(relationship.junction.table)!);
    const rel = input.cache.relations.get(relationship.target)!;
    const node = build(rel, policy, relationship.target, item.children);
    return {
      key: item.alias ?? item.name,
      relationship,
      node,
      inner: item.join === 'inner',
      toOne: isToOne(relationship),
      output: item.children.length > 0,
    };
  };

  const root = build(input.rel, input.policy, input.relationshipSource, input.query.select);
  root.range = input.rootRange;
  const locate = (path: string[]): PlanNode => {
    let node = root;
    for (const name of path) {
      const embed = node.embeds.find((e) => e.key === name);
      if (!embed) throw notEmbedded(name);
      node = embed.node;
    }
    return node;
  };
  for (const { path, filter } of input.query.filters) {
    const node = locate(path);
    node.where.push(filterCond(node, filter));
  }
  for (const { path, tree } of input.query.logic) {
    const node = locate(path);
    node.where.push(logicCond(node, tree));
  }
  for (const { path, terms } of input.query.order) {
    const node = locate(path);
    node.order = terms.map((t): OrderItem => {
      if (!t.relation) return { field: resolveField(node.rel, node.policy, t.field), direction: t.direction, nulls: t.nulls };
      const embed = node.embeds.find((e) => e.key === t.relation);
      if (!embed) throw notEmbedded(t.relation);
      if (!embed.toOne) {
        throw new PgrstError(
          400,
          'PGRST118',
          `A related order on '${t.relation}' is not possible`,
          `'${node.rel.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      return { embed, field: resolveField(embed.node.rel, embed.node.policy, t.field), direction: t.direction, nulls: t.nulls };
    });
  }
  for (const [path, range] of input.query.ranges) {
    if (path) locate(path.split('.')).range = range;
  }
  applyMasks(root, input.actor);
  return root;
}

/** A filter; on an embed's name with `is.null` / `not.is.null` it filters parents by the embed's existence. */
function filterCond(node: PlanNode, filter: Filter): Cond {
  const { field, expr } = filter;
  const embed = field.json.length ? undefined : node.embeds.find((e) => e.key === field.name);
  if (embed) {
    const op = expr.operation;
    if (op.kind === 'is' && op.value === 'null') return { kind: 'exists', embed, negate: !expr.negate };
    if (!node.rel.columns.has(field.name)) {
      throw new PgrstError(
        400,
        'PGRST120',
        `Bad operator on the '${field.name}' embedded resource`,
        'Only is null or not is null filters are allowed on embedded resources',
      );
    }
  }
  return { kind: 'filter', field: resolveField(node.rel, node.policy, field), expr };
}

function logicCond(node: PlanNode, tree: LogicTree): Cond {
  if (tree.kind === 'filter') return filterCond(node, tree.filter);
  return { kind: 'logic', op: tree.op, negate: tree.negate, children: tree.children.map((c) => logicCond(node, c)) };
}
