/** The parsed forms of PostgREST query parameters; pure data, no schema knowledge yet. */

/** One step of a JSON path: `->key`, `->>key`, or an array index (`->0`). */
export interface JsonOp {
  arrow: '->' | '->>';
  key: string;
  index: boolean;
}

/** A column name plus an optional JSON path, e.g. `data->a->>b`. */
export interface Field {
  name: string;
  json: JsonOp[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias?: string; cast?: string }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; join?: 'inner' | 'left'; spread: boolean; children: SelectItem[] };

export const SIMPLE_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
} as const;
export type SimpleOperator = keyof typeof SIMPLE_OPERATORS;

export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof FTS_OPERATORS;

export type IsValue = 'null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'op'; op: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; op: FtsOperator; language?: string; value: string };

export interface OpExpr {
  negate: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree = { kind: 'filter'; filter: Filter } | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: LogicTree[] };

export interface OrderTerm {
  /** Set for `rel(col)` terms: order by a column of a to-one embed. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Rows to skip and the most to return at one level; `limit` undefined means all. */
export interface RangeSpec {
  offset: number;
  limit?: number;
}

/** Everything the query string says, grouped by embed path ([] is the root). */
export interface ParsedQuery {
  select: SelectItem[];
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  ranges: Map<string, RangeSpec>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are not filters: RPC arguments for GET /rpc/<fn>. */
  params: [string, string][];
}
