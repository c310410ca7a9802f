// The `canaries.flanksource.com/v1` Topology document in zod: the topology editor validates YAML with it and
// its JSON Schema (draft 7) is derived from it. Objects are loose: users bring canary-checker YAML unchanged,
// so fields this schema does not describe are kept; messages name what is wrong at the field's path.
import { z } from 'zod';

export const TOPOLOGY_API_VERSION = 'canaries.flanksource.com/v1';
export const TOPOLOGY_KIND = 'Topology';

const str = () => z.string({ error: 'must be a string' }).optional();
const bool = () => z.boolean({ error: 'must be true or false' }).optional();
const num = () => z.number({ error: 'must be a number' }).optional();
const scalar = z.union([z.string(), z.number(), z.boolean()], { error: 'must be a string' });
const labelMap = () => z.record(z.string(), scalar, { error: 'must be a map of names to values' }).optional();
const list = <T extends z.ZodType>(item: T, what: string) => z.array(item, { error: `must be a list of ${what}` }).optional();
const named = () => z.string({ error: 'is required' }).min(1, { error: 'is required' });

/** Go template, CEL expression, JSONPath or JavaScript (id, display, lookups' display). */
const templateSpec = () =>
  z
    .looseObject(
      { template: str(), expr: str(), jsonPath: str(), javascript: str() },
      { error: 'must be an object with template, expr, jsonPath or javascript' },
    )
    .optional();

/** Label and field selectors as Kubernetes writes them ("check=http-200"), plus name, namespace and types. */
const resourceSelector = z.looseObject(
  {
    name: str(),
    namespace: str(),
    agent: str(),
    types: list(z.string(), 'types'),
    statuses: list(z.string(), 'statuses'),
    labelSelector: str(),
    fieldSelector: str(),
    search: str(),
  },
  { error: 'must be a selector object' },
);

/** A lookup: canary check lists keyed by type (http, sql, exec, …), run once to produce components or properties. */
const lookupSpec = z
  .looseObject({ schedule: str() }, { error: 'must be an object of check lists keyed by type (http, sql, exec, …)' })
  .optional();

/** A component's checks: an inline Canary spec run by the health engine, or a selector over existing checks. */
const checkEntry = z.looseObject(
  {
    inline: z.looseObject({ schedule: str() }, { error: 'must be a Canary spec (check lists keyed by type)' }).optional(),
    selector: resourceSelector.optional(),
  },
  { error: 'must be an object with inline or selector' },
);

/** A catalogue selector: links the component to config items by type, name, tags or labels. */
const configSelector = z.looseObject(
  {
    id: z.union([z.string(), z.array(z.string())], { error: 'must be a string or a list of ids' }).optional(),
    name: str(),
    namespace: str(),
    type: str(),
    types: list(z.string(), 'types'),
    class: str(),
    tags: labelMap(),
    labels: labelMap(),
    labelSelector: str(),
    fieldSelector: str(),
    agent: str(),
  },
  { error: 'must be a config selector' },
);

const propertyLink = z.looseObject({ label: str(), url: str(), type: str(), icon: str(), text: str(), tooltip: str() });

/** A card property: text, number, currency, age, url or hidden, with a unit, or looked up from checks or configs. */
const propertySchema = z.looseObject(
  {
    name: str(),
    label: str(),
    tooltip: str(),
    icon: str(),
    type: z.string({ error: 'must be a string' }).describe('text, url, number, currency, age, hidden or badge').optional(),
    color: str(),
    order: num(),
    headline: bool(),
    text: str(),
    value: num(),
    unit: z.string({ error: 'must be a string' }).describe('e.g. milliseconds, bytes, percent, millicores').optional(),
    max: num(),
    min: num(),
    status: str(),
    lastTransition: str(),
    links: list(propertyLink, 'links'),
    lookup: lookupSpec,
    configLookup: z
      .looseObject(
        {
          id: str(),
          config: configSelector.optional(),
          field: str(),
          display: templateSpec(),
        },
        { error: 'must be an object with config and field' },
      )
      .optional(),
    summary: z.looseObject({}).optional(),
  },
  { error: 'must be a property object' },
);

/** Where a component hangs when it is not under its parent in the spec: by name/type/namespace or external id. */
const parentLookupSchema = z
  .looseObject(
    { name: str(), type: str(), namespace: str(), externalID: str() },
    { error: 'must be an object with name, type, namespace or externalID' },
  )
  .optional();

/** A component's `logs` entry: the selector the logs viewer offers (backend by name, query, labels). */
const logSelector = z.looseObject(
  { name: named(), type: str(), backend: str(), query: str(), labels: labelMap() },
  { error: 'must be a log selector with a name' },
);

/** The fields a component and its `forEach` template share. */
function componentFields(self: () => z.ZodType) {
  return {
    name: str(),
    id: templateSpec(),
    tooltip: str(),
    icon: str(),
    owner: str(),
    type: str(),
    text: str(),
    order: num(),
    lifecycle: str(),
    namespace: str(),
    externalID: str(),
    hidden: bool(),
    labels: labelMap(),
    status: str(),
    statusReason: str(),
    statusExpr: z.string({ error: 'must be a CEL expression' }).describe('CEL: the status from the component').optional(),
    healthExpr: z.string({ error: 'must be a CEL expression' }).describe('CEL: healthy, unhealthy, warning or unknown').optional(),
    properties: list(propertySchema, 'properties'),
    components: z.array(z.lazy(self), { error: 'must be a list of components' }).optional(),
    lookup: lookupSpec,
    checks: list(checkEntry, 'checks (inline or selector)'),
    configs: list(configSelector, 'config selectors'),
    selectors: list(resourceSelector, 'component selectors'),
    parentLookup: parentLookupSchema,
    relationships: list(z.looseObject({ ref: str(), type: str() }), 'relationships'),
    logs: list(logSelector, 'log selectors'),
    summary: z.looseObject({}).optional(),
  };
}

/** One component of the tree; `forEach` applies its template to every component its lookup produced. */
export const topologyComponentSpecSchema: z.ZodType<Record<string, unknown>> = z.looseObject(
  {
    ...componentFields(() => topologyComponentSpecSchema),
    forEach: z
      .looseObject(
        componentFields(() => topologyComponentSpecSchema),
        { error: 'must be a component template' },
      )
      .optional(),
  },
  { error: 'must be a component object' },
);

/** The Topology's spec: the root component's fields, its schedule, and the components under it. */
export const topologySpecSchema = z.looseObject(
  {
    schedule: z.string({ error: 'must be a string' }).describe('@every 5m, @hourly or a cron expression').optional(),
    type: str(),
    icon: str(),
    id: templateSpec(),
    label: str(),
    text: str(),
    tooltip: str(),
    owner: str(),
    statusExpr: str(),
    healthExpr: str(),
    components: list(topologyComponentSpecSchema, 'components'),
    properties: list(propertySchema, 'properties'),
    configs: list(configSelector, 'config selectors'),
    groupBy: z.looseObject({ tag: str(), selector: resourceSelector.optional() }).optional(),
  },
  { error: 'is required' },
);
export type TopologySpec = z.infer<typeof topologySpecSchema>;

/** The whole document as users write it. */
export const topologyDocumentSchema = z.looseObject({
  apiVersion: z
    .string({ error: 'is required' })
    .refine((v) => v.startsWith('canaries.flanksource.com/'), { error: `must be ${TOPOLOGY_API_VERSION}` })
    .describe(TOPOLOGY_API_VERSION),
  kind: z.literal(TOPOLOGY_KIND, { error: `must be ${TOPOLOGY_KIND}` }),
  metadata: z.looseObject(
    {
      name: named().max(253, { error: 'must be at most 253 characters' }),
      namespace: str(),
      labels: labelMap(),
      annotations: labelMap(),
    },
    { error: 'is required' },
  ),
  spec: topologySpecSchema,
});
export type TopologyDocument = z.infer<typeof topologyDocumentSchema>;

/** The Topology document's JSON Schema (draft 7), for JSON-Schema tooling and the editor's hints. */
export function topologyJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(topologyDocumentSchema, { target: 'draft-7', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
}
