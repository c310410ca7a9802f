import type { JsonOp, OpExpr, RangeSpec } from '../parse/ast.js';
import type { Column, Relationship } from '../schema/model.js';
import type { RelationPolicy } from '../types.js';

/** What a plan node reads from: a relation, or a function's result rows. */
export interface RelationLike {
  name: string;
  columns: Map<string, Column>;
  columnList: Column[];
}

/** A resolved column with an optional JSON path. */
export interface FieldRef {
  column: Column;
  json: JsonOp[];
  /** SQL function the column passes through first (credential masking for callers who cannot write). */
  mask?: string;
}

export type Cond =
  | { kind: 'filter'; field: FieldRef; expr: OpExpr }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Cond[] }
  /** `!inner` embeds and `embed=not.is.null` / `embed=is.null` filters. */
  | { kind: 'exists'; embed: EmbedNode; negate: boolean };

export type OutputItem = { kind: 'column'; field: FieldRef; key: string; cast?: string } | { kind: 'embed'; embed: EmbedNode };

export interface OrderItem {
  field: FieldRef;
  /** Set when ordering by a column of a to-one embed. */
  embed?: EmbedNode;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** One level of a read: a relation, its output, filters, order and range. */
export interface PlanNode {
  rel: RelationLike;
  policy: RelationPolicy;
  alias: string;
  items: OutputItem[];
  where: Cond[];
  order: OrderItem[];
  range: RangeSpec;
  embeds: EmbedNode[];
}

/** An embedded relation and how it joins its parent. */
export interface EmbedNode {
  /** Output key: the alias, else the name used in `select`. */
  key: string;
  relationship: Relationship;
  node: PlanNode;
  inner: boolean;
  toOne: boolean;
  /** False for `rel()` / `rel!inner()` embeds that only filter. */
  output: boolean;
}
