// The whole `configs.flanksource.com/v1` ScrapeConfig document in zod, defined once: the server parses
// applied specs with it (adding the schedule and RE2 checks that need its code), the scraper editor
// validates with it, and its JSON Schema is derived from it. Unknown keys are kept (loose objects).
import { z } from 'zod';
import { SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from './constants.js';
import {
  execScraperSchema,
  fileScraperSchema,
  httpScraperSchema,
  kubernetesScraperSchema,
  sqlScraperSchema,
} from './scrape-config-spec/scrapers.zod.js';

export * from './scrape-config-spec/common.zod.js';
export * from './scrape-config-spec/scrapers.zod.js';

/** Go-style durations as retention ages are written ("72h", "1h30m", "8d"); blanks around are allowed. */
export const SCRAPE_DURATION_PATTERN = /^\s*(?:0|(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h|d|w))+)\s*$/;

const age = z
  .string()
  .regex(SCRAPE_DURATION_PATTERN, { message: 'must be a duration such as 72h, 8d or 30m' })
  .describe('A duration such as 30m, 72h or 8d');

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

/** The scraper types the engine runs and the schema of one of their entries, keyed as the spec spells them. */
export const SCRAPER_ENTRY_SCHEMAS = {
  file: fileScraperSchema,
  exec: execScraperSchema,
  http: httpScraperSchema,
  sql: sqlScraperSchema,
  kubernetes: kubernetesScraperSchema,
};

export const scrapeSpecSchema = z.looseObject({
  schedule: z.string().optional().describe('@every 60m (default), @hourly, or a cron expression'),
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

/** The ScrapeConfig's JSON Schema (draft 7), derived from the zod schema for JSON-Schema tooling. */
export function scrapeConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(scrapeConfigSchema, { target: 'draft-7', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
}
