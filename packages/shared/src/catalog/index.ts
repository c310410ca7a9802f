// The catalogue API contract: request/response schemas of /api/catalog/*, /api/config/scrapers/* and the
// catalogue relations of the data API (/api/db/configs, config_detail, config_changes, …).
export * from './constants.js';
export * from './config-item.schemas.js';
export * from './summary.schemas.js';
export * from './changes.schemas.js';
export * from './analysis.schemas.js';
export * from './relationship.schemas.js';
export * from './scraper.schemas.js';
export * from './scrape-config-spec.zod.js';
