// The `canaries.flanksource.com/v1` Topology document as the engine reads it. Fields are kept as
// written (unknown ones too); the parser checks the shapes the engine relies on.

/** A property of a component as written: a value, text, or a `lookup` whose results merge in by name. */
export interface PropertySpec {
  name: string;
  label?: string;
  type?: string;
  text?: string;
  value?: number;
  unit?: string;
  min?: number;
  max?: number;
  color?: string;
  icon?: string;
  tooltip?: string;
  headline?: boolean;
  order?: number;
  lookup?: LookupSpec;
  [key: string]: unknown;
}

/** A lookup: a Canary spec whose check results (their `display`) become components or properties. */
export type LookupSpec = Record<string, unknown>;

/** Which checks a component shows: an inline canary run by the health engine, or a selector over checks. */
export interface ComponentCheckSpec {
  inline?: Record<string, unknown>;
  selector?: CheckSelector;
}

export interface CheckSelector {
  name?: string;
  namespace?: string;
  type?: string;
  types?: string[];
  labelSelector?: string;
  canary?: string;
}

/** A catalogue query: items of these types, names, namespace, tags and labels. */
export interface ConfigSelector {
  id?: string;
  name?: string;
  namespace?: string;
  type?: string;
  types?: string[];
  tagSelector?: string;
  labelSelector?: string;
  tags?: Record<string, string>;
  labels?: Record<string, string>;
  [key: string]: unknown;
}

export interface ParentLookup {
  name?: string;
  type?: string;
  namespace?: string;
  externalID?: string;
}

export interface ForEachSpec {
  components?: ComponentSpec[];
  properties?: PropertySpec[];
  configs?: ConfigSelector[];
  checks?: ComponentCheckSpec[];
}

/** A component as written in the spec (also the shape lookups return, as JSON). */
export interface ComponentSpec {
  name?: string;
  type?: string;
  icon?: string;
  namespace?: string;
  labels?: Record<string, string>;
  externalID?: string;
  id?: { template?: string; expr?: string } | string;
  tooltip?: string;
  owner?: string;
  text?: string;
  description?: string;
  lifecycle?: string;
  hidden?: boolean;
  status?: string;
  health?: string;
  statusExpr?: string;
  healthExpr?: string;
  properties?: PropertySpec[];
  components?: ComponentSpec[];
  forEach?: ForEachSpec;
  lookup?: LookupSpec;
  parentLookup?: ParentLookup;
  checks?: ComponentCheckSpec[];
  configs?: ConfigSelector[];
  selectors?: unknown[];
  logs?: Array<{ name: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

/** The Topology spec: the root component's fields plus schedule and children. */
export interface TopologySpec extends ComponentSpec {
  schedule?: string;
}

export interface TopologyDocument {
  apiVersion: string;
  kind: 'Topology';
  metadata: { name: string; namespace: string; labels: Record<string, string>; annotations?: Record<string, string> };
  spec: TopologySpec;
}
