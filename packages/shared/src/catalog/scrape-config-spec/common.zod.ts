// Fields every scraper entry of a ScrapeConfig shares (config-db's BaseScraper), and the transform
// block, shared by the server's scrape engine and the web's editor. Objects are loose: fields we do
// not know are kept, so users' YAML round-trips unchanged.
import { z } from 'zod';

const str = z.string();
const strList = z.array(z.string());

/** `{name, value}` or `{name, valueFrom: {secretKeyRef|configMapKeyRef|…}}`, Kubernetes style. */
export const envVarSchema = z.looseObject({
  name: str.optional(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  valueFrom: z.looseObject({}).optional(),
});
export type ScrapeEnvVar = z.infer<typeof envVarSchema>;

/** A value given statically, read from a label, or computed by a CEL expression. */
export const valueExpressionSchema = z.looseObject({
  value: str.optional(),
  label: str.optional(),
  expr: str.optional(),
});

/** A relationship written as selector templates (`type: {value: …}`) or one CEL `expr` returning a list. */
export const relationshipConfigSchema = z.looseObject({
  filter: str.optional(),
  expr: str.optional(),
  parent: z.boolean().optional(),
  id: valueExpressionSchema.optional(),
  external_id: valueExpressionSchema.optional(),
  type: valueExpressionSchema.optional(),
  name: valueExpressionSchema.optional(),
  namespace: valueExpressionSchema.optional(),
  agent: valueExpressionSchema.optional(),
  scope: valueExpressionSchema.optional(),
  labels: z.record(z.string(), valueExpressionSchema).optional(),
});
export type RelationshipConfig = z.infer<typeof relationshipConfigSchema>;

export const changeMappingSchema = z.looseObject({
  filter: str.optional(),
  type: str.optional(),
  severity: str.optional(),
  action: str.optional(),
  summary: str.optional(),
});
export type ChangeMapping = z.infer<typeof changeMappingSchema>;

export const maskSchema = z.looseObject({ selector: str.optional(), jsonpath: str, value: str });
export const excludeSchema = z.looseObject({ types: strList.optional(), jsonpath: str });

/** The script that rewrites a scraped document; config-db accepts it inline or under `script`. */
export const transformScriptSchema = z.strictObject({
  gotemplate: str.optional(),
  jsonpath: str.optional(),
  expr: str.optional(),
  javascript: str.optional(),
});
export type ScrapeTransformScript = z.infer<typeof transformScriptSchema>;

export const transformSchema = z.looseObject({
  gotemplate: str.optional(),
  jsonpath: str.optional(),
  expr: str.optional(),
  javascript: str.optional(),
  script: transformScriptSchema.optional(),
  exclude: z.array(excludeSchema).optional(),
  mask: z.array(maskSchema).optional(),
  relationship: z.array(relationshipConfigSchema).optional(),
  changes: z.looseObject({ mapping: z.array(changeMappingSchema).optional(), exclude: strList.optional() }).optional(),
});
export type ScrapeTransform = z.infer<typeof transformSchema>;

/** A tag as a list entry: a static value, a JSONPath into the config, or copied from a label. */
export const tagSpecSchema = z.looseObject({ name: str, value: str.optional(), jsonpath: str.optional(), label: str.optional() });

/** Custom properties attached to matching items; `filter` is CEL, text fields are templated. */
export const propertySpecSchema = z.looseObject({ name: str, filter: str.optional() });

/** config-db's BaseScraper: how to turn a scraped document into config items. */
export const baseScraperShape = {
  id: str.optional(),
  name: str.optional(),
  items: str.optional(),
  type: str.optional(),
  class: str.optional(),
  format: str.optional().describe('json, yaml or properties'),
  description: str.optional(),
  status: str.optional(),
  health: str.optional(),
  icon: str.optional(),
  timestampFormat: str.optional(),
  createFields: strList.optional(),
  deleteFields: strList.optional(),
  labels: z.record(z.string(), z.string()).optional(),
  tags: z.union([z.record(z.string(), z.string()), z.array(tagSpecSchema)]).optional(),
  properties: z.array(propertySpecSchema).optional(),
  transform: transformSchema.optional(),
};
export const baseScraperSchema = z.looseObject(baseScraperShape);
export type BaseScraper = z.infer<typeof baseScraperSchema>;
