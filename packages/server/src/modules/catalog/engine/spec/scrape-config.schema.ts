// The ScrapeConfig document schema is defined once in @ops/shared (the editor validates with it and
// derives its JSON Schema from it); the engine adds the schedule and RE2 checks in parse-scrape-config.ts.
export {
  SCRAPE_CONFIG_API_VERSION,
  SCRAPE_CONFIG_KIND,
  retentionSchema,
  scrapeConfigSchema,
  scrapeSpecSchema,
  type RetentionSpec,
  type ScrapeConfigDocument,
  type ScrapeSpec,
} from '@ops/shared';
