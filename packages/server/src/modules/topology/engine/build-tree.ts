// One run of a Topology spec into a tree of components, as canary-checker builds it: the spec itself is
// the root component (named after the topology), its `components` are children; a component with a
// `lookup` becomes the components its results describe (each then expanded by `forEach`); properties
// with lookups merge their results in by name; `parentLookup` moves a component under another one.
import type { ComponentProperty } from '@ops/shared';
import { evaluateCel, renderTemplate } from '@ops/shared/expr';
import { LookupError, runLookup, type LookupEnv } from './lookup.js';
import { mergeProperties, propertyLookupResults, propertyMap, resultValue, toProperty } from './properties.js';
import type { ComponentCheckSpec, ComponentSpec, ConfigSelector, ParentLookup, PropertySpec, TopologyDocument } from './topology-spec.js';

/** A component a run produced, before it is matched to stored rows. */
export interface ProducedComponent {
  name: string;
  type?: string;
  icon?: string;
  namespace: string;
  labels: Record<string, string>;
  externalId?: string;
  tooltip?: string;
  owner?: string;
  text?: string;
  description?: string;
  lifecycle?: string;
  hidden: boolean;
  ownStatus?: string;
  ownHealth?: string;
  statusReason?: string;
  statusExpr?: string;
  healthExpr?: string;
  properties: ComponentProperty[];
  logs: unknown[];
  configs: ConfigSelector[];
  checks: ComponentCheckSpec[];
  selectors: unknown[];
  parentLookup?: ParentLookup;
  children: ProducedComponent[];
}

export interface BuiltTopology {
  root: ProducedComponent;
  /** What went wrong; any error makes the run FAILED and keeps every stored component. */
  errors: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Runs the spec's lookups and builds the component tree. Never throws for a lookup: it is reported in `errors`. */
export async function buildTopology(doc: TopologyDocument, env: LookupEnv): Promise<BuiltTopology> {
  const errors: string[] = [];
  const spec = doc.spec;
  const root = fromSpec({ ...spec, name: doc.metadata.name, components: undefined, lookup: undefined }, doc.metadata.namespace);
  for (const [i, child] of (spec.components ?? []).entries()) {
    try {
      root.children.push(...(await lookupComponents(env, child, doc.metadata.namespace)));
    } catch (err) {
      errors.push(`spec.components[${i}] (${child.name ?? 'lookup'}): ${(err as Error).message}`);
    }
  }
  try {
    await applyProperties(env, [root], spec.properties ?? []);
  } catch (err) {
    errors.push(`spec.properties: ${(err as Error).message}`);
  }
  walk(root, (c) => {
    for (const [k, v] of Object.entries(doc.metadata.labels)) if (!(k in c.labels)) c.labels[k] = v;
  });
  reparent(root);
  walk(root, (c) => {
    try {
      evaluateStatus(c);
    } catch (err) {
      errors.push(`${c.name}: ${(err as Error).message}`);
    }
  });
  return { root, errors };
}

/** Calls `f` on every component of the tree, parents first. */
export function walk(
  c: ProducedComponent,
  f: (c: ProducedComponent, parent?: ProducedComponent) => void,
  parent?: ProducedComponent,
): void {
  f(c, parent);
  for (const child of c.children) walk(child, f, c);
}

// A component as written (or as a lookup returned it, nested `components` included).
function fromSpec(s: ComponentSpec, namespace: string): ProducedComponent {
  const ext = str(s.externalID) ?? str(s.external_id) ?? str(s.externalId);
  return {
    name: String(s.name ?? ''),
    type: str(s.type),
    icon: str(s.icon),
    namespace: str(s.namespace) ?? namespace,
    labels: isObject(s.labels) ? Object.fromEntries(Object.entries(s.labels).map(([k, v]) => [k, String(v)])) : {},
    externalId: ext,
    tooltip: str(s.tooltip),
    owner: str(s.owner),
    text: str(s.text),
    description: str(s.description),
    lifecycle: str(s.lifecycle),
    hidden: s.hidden === true,
    ownStatus: str(s.status),
    ownHealth: str(s.health),
    statusReason: str(s.statusReason) ?? str(s.status_reason),
    statusExpr: str(s.statusExpr),
    healthExpr: str(s.healthExpr),
    properties: [],
    logs: Array.isArray(s.logs) ? s.logs : [],
    configs: Array.isArray(s.configs) ? s.configs : [],
    checks: Array.isArray(s.checks) ? s.checks : [],
    selectors: Array.isArray(s.selectors) ? s.selectors : [],
    parentLookup: isObject(s.parentLookup) ? s.parentLookup : undefined,
    children: [],
  };
}

// A lookup result's component: its fields, its properties and its own nested components.
function fromResult(o: Record<string, unknown>, namespace: string): ProducedComponent {
  const c = fromSpec(o as ComponentSpec, namespace);
  if (Array.isArray(o.properties)) c.properties = o.properties.filter(isObject).map(toProperty);
  if (Array.isArray(o.components)) c.children = o.components.filter(isObject).map((x) => fromResult(x, namespace));
  return c;
}

// One spec entry into the components it stands for (one, or as many as its lookup returned).
async function lookupComponents(env: LookupEnv, spec: ComponentSpec, namespace: string): Promise<ProducedComponent[]> {
  let out: ProducedComponent[];
  if (spec.lookup) {
    const results = await runLookup({ ...env, namespace }, spec.name ?? 'lookup', spec.lookup);
    out = [];
    for (const raw of results) {
      const v = resultValue(raw);
      const items = Array.isArray(v) ? v : [v];
      for (const item of items) {
        if (!isObject(item)) throw new LookupError(`lookup ${spec.name ?? ''} returned ${JSON.stringify(item)}, not a component`);
        out.push(fromResult(item, namespace));
      }
    }
    for (const c of out) await forEach(env, spec, c, namespace);
  } else {
    const c = fromSpec(spec, namespace);
    for (const child of spec.components ?? []) c.children.push(...(await lookupComponents(env, child, namespace)));
    out = [c];
  }
  await applyProperties(env, out, spec.properties ?? []);
  for (const c of out) {
    c.icon ??= str(spec.icon);
    c.lifecycle ??= str(spec.lifecycle);
    c.type ??= spec.lookup ? undefined : str(spec.type);
    if (!c.externalId && spec.id !== undefined) c.externalId = templateId(spec.id, c);
  }
  return out;
}

// Properties of a spec entry onto each of its components: plain ones as written, lookups merged by name.
async function applyProperties(env: LookupEnv, comps: ProducedComponent[], props: PropertySpec[]): Promise<void> {
  for (const p of props) {
    if (!p.lookup) {
      for (const c of comps) mergeProperties(c.properties, [toProperty(p)]);
      continue;
    }
    const results = await runLookup(env, p.name, p.lookup);
    const { properties, byComponent } = propertyLookupResults(p, results);
    for (const c of comps) mergeProperties(c.properties, properties);
    for (const entry of byComponent) {
      const target = comps.find((c) => c.name === entry.name);
      if (target) mergeProperties(target.properties, entry.properties);
    }
  }
}

// `forEach`: properties, child components, configs and checks templated with each looked-up component.
async function forEach(env: LookupEnv, spec: ComponentSpec, c: ProducedComponent, namespace: string): Promise<void> {
  const fe = spec.forEach;
  if (!fe) return;
  const vars = () => ({ component: componentVars(c), properties: propertyMap(c.properties) });
  if (fe.properties?.length) await applyProperties(env, [c], template(fe.properties, vars()));
  for (const child of fe.components ?? []) c.children.push(...(await lookupComponents(env, template(child, vars()), namespace)));
  c.configs.push(...template(fe.configs ?? [], vars()));
  c.checks.push(...template(fe.checks ?? [], vars()));
}

/** A component as expressions and templates see it. */
function componentVars(c: ProducedComponent): Record<string, unknown> {
  return {
    name: c.name,
    type: c.type ?? '',
    icon: c.icon ?? '',
    namespace: c.namespace,
    labels: c.labels,
    external_id: c.externalId ?? '',
    owner: c.owner ?? '',
    text: c.text ?? '',
    properties: propertyMap(c.properties),
  };
}

// Every string with `{{` in a spec value rendered as a Go template over `vars`.
function template<T>(v: T, vars: Record<string, unknown>): T {
  if (typeof v === 'string') return (v.includes('{{') ? renderTemplate(v, vars) : v) as T;
  if (Array.isArray(v)) return v.map((x) => template(x, vars)) as T;
  if (isObject(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'lookup' || k === 'display' ? x : template(x, vars)])) as T;
  }
  return v;
}

function templateId(id: ComponentSpec['id'], c: ProducedComponent): string | undefined {
  const vars = { ...componentVars(c), component: componentVars(c) };
  if (typeof id === 'string') return id.includes('{{') ? renderTemplate(id, vars) : id;
  if (id?.template) return renderTemplate(id.template, vars);
  if (id?.expr) return String(evaluateCel(id.expr, vars));
  return undefined;
}

// statusExpr / healthExpr (CEL over the component and its properties) set its own status and health.
function evaluateStatus(c: ProducedComponent): void {
  const vars = { component: componentVars(c), properties: propertyMap(c.properties), labels: c.labels };
  if (c.statusExpr) c.ownStatus = String(evaluateCel(c.statusExpr, vars));
  if (c.healthExpr) c.ownHealth = String(evaluateCel(c.healthExpr, vars));
}

const parentKey = (name: string, type: string | undefined, namespace: string | undefined) =>
  `${name}\u0000${type ?? ''}\u0000${namespace ?? ''}`;

// parentLookup: children that name another parent (by name/type/namespace, or externalID) move under it.
function reparent(root: ProducedComponent): void {
  const byKey = new Map<string, ProducedComponent>();
  walk(root, (c) => {
    if (!byKey.has(parentKey(c.name, c.type, c.namespace))) byKey.set(parentKey(c.name, c.type, c.namespace), c);
    if (c.externalId && !byKey.has(`ext\u0000${c.externalId}`)) byKey.set(`ext\u0000${c.externalId}`, c);
  });
  const move = (c: ProducedComponent): void => {
    const stay: ProducedComponent[] = [];
    for (const child of c.children) {
      const pl = child.parentLookup;
      const target = pl
        ? pl.externalID
          ? byKey.get(`ext\u0000${pl.externalID}`)
          : byKey.get(parentKey(pl.name ?? '', pl.type, pl.namespace ?? root.namespace))
        : undefined;
      if (target && target !== c && !isWithin(target, child)) {
        child.parentLookup = undefined;
        target.children.push(child);
      } else stay.push(child);
    }
    c.children = stay;
    for (const child of [...c.children]) move(child);
  };
  move(root);
}

// Whether `node` is `tree` or below it (moving a component under its own descendant would cut it off).
function isWithin(node: ProducedComponent, tree: ProducedComponent): boolean {
  if (node === tree) return true;
  return tree.children.some((c) => isWithin(node, c));
}
