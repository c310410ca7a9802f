import { z } from 'zod';
import { isDuration } from './duration.js';
import { execScraperSchema, fileScraperSchema, httpScraperSchema, kubernetesScraperSchema, sqlScraperSchema } from './scrapers.schema.js';

// The whole `configs.flanksource.com/v1` ScrapeConfig document. Unknown keys are kept (loose
// objects) so a user's YAML is stored and shown back as written.

export const SCRAPE_CONFIG_API_VERSION = 'configs.flanksource.com/v1';
export const SCRAPE_CONFIG_KIND = 'ScrapeConfig';

const age = z.string().refine(isDuration, { message: 'must be a duration such as 72h, 8d or 30m' });

export const retentionSchema = z.looseObject({
  changes: z
    .array(z.looseObject({ name: z.string().min(1, 'name is required'), age: age.optional(), count: z.number().int().min(0).optional() }))
    .optional(),
  types: z
    .array(
      z.looseObject({
        name: z.string().min(1, 'name is required'),
        createdAge: age.optional(),
        updatedAge: age.optional(),
        deletedAge: age.optional(),
      }),
    )
    .optional(),
  staleItemAge: age.optional(),
});
export type RetentionSpec = z.infer<typeof retentionSchema>;

export const scrapeSpecSchema = z.looseObject({
  schedule: z.string().optional(),
  full: z.boolean().optional(),
  retention: retentionSchema.optional(),
  file: z.array(fileScraperSchema).optional(),
  exec: z.array(execScraperSchema).optional(),
  http: z.array(httpScraperSchema).optional(),
  sql: z.array(sqlScraperSchema).optional(),
  kubernetes: z.array(kubernetesScraperSchema).optional(),
});
export type ScrapeSpec = z.infer<typeof scrapeSpecSchema>;

export const scrapeConfigSchema = z.looseObject({
  apiVersion: z.literal(SCRAPE_CONFIG_API_VERSION, { error: `must be ${SCRAPE_CONFIG_API_VERSION}` }).optional(),
  kind: z.literal(SCRAPE_CONFIG_KIND, { error: `must be ${SCRAPE_CONFIG_KIND}` }).optional(),
  metadata: z.looseObject({
    name: z.string({ error: 'name is required' }).min(1, 'name is required'),
    namespace: z.string().optional(),
    uid: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: scrapeSpecSchema,
});
export type ScrapeConfigDocument = z.infer<typeof scrapeConfigSchema>;
