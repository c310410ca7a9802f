/** The schema cache: what introspection found in the exposed schema, ready for fast lookups. */

export interface Column {
  name: string;
  /** SQL type as format_type() prints it, e.g. `timestamp with time zone`, `text[]`; safe to splice into SQL. */
  type: string;
  /** Base type name (domains resolved), e.g. `jsonb`, `tsvector`, `_text`. */
  udt: string;
  nullable: boolean;
  /** Default expression from the catalog, or null. */
  default: string | null;
  generated: boolean;
}

export type RelationKind = 'table' | 'view';

export interface Relation {
  oid: number;
  name: string;
  kind: RelationKind;
  columns: Map<string, Column>;
  columnList: Column[];
  /** Primary key columns (for views: inferred from the base table when the view exposes them). */
  pk: string[];
  /** Every unique column set, PK included. */
  uniques: string[][];
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Junction {
  table: string;
  constraint1: string;
  constraint2: string;
  /** (source column, junction column) pairs. */
  sourceCols: [string, string][];
  /** (target column, junction column) pairs. */
  targetCols: [string, string][];
}

export interface Relationship {
  source: string;
  target: string;
  cardinality: Cardinality;
  /** FK constraint name (for m2m: the junction table's name). */
  constraint: string;
  /** (source column, target column) pairs; empty for m2m. */
  columns: [string, string][];
  junction?: Junction;
  targetIsView: boolean;
  isSelf: boolean;
}

export interface FunctionParam {
  name: string;
  type: string;
  udt: string;
  required: boolean;
}

export type ReturnKind = 'void' | 'scalar' | 'composite';

export interface FunctionDef {
  name: string;
  params: FunctionParam[];
  returnKind: ReturnKind;
  returnsSet: boolean;
  /** For composite returns: the row's columns, and the relation when it is a table/view row type. */
  returnColumns: Column[];
  returnRelation?: string;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  schema: string;
  relations: Map<string, Relation>;
  relationships: Map<string, Relationship[]>;
  functions: Map<string, FunctionDef[]>;
  /** Type names usable in casts → the SQL to splice after `::`. */
  types: Map<string, string>;
  loadedAt: number;
}

/** For every relation: base column "oid:num" → the relation's column exposing it (tables expose themselves). */
export type Exposed = Map<number, Map<string, string>>;

/** True for embeds that produce one object rather than an array. */
export const isToOne = (r: Relationship): boolean => r.cardinality === 'm2o' || r.cardinality === 'o2o';
