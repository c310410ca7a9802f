// The scraper building blocks are defined once in @ops/shared (the editor validates with them too);
// this module keeps the engine's names for them.
export {
  baseScraperSchema,
  baseScraperShape,
  changeMappingSchema,
  envVarSchema,
  excludeSchema,
  maskSchema,
  propertySpecSchema,
  relationshipConfigSchema,
  tagSpecSchema,
  transformSchema,
  valueExpressionSchema,
  type BaseScraper,
  type ChangeMapping,
  type RelationshipConfig,
  type ScrapeEnvVar as EnvVar,
  type ScrapeTransform as Transform,
} from '@ops/shared';
