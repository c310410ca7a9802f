// The health API contract: request/response schemas of /api/canary/* and the health data-API rows.
export * from './constants.js';
export * from './summary.schemas.js';
export * from './graph.schemas.js';
export * from './check-status.schemas.js';
export * from './run-now.schemas.js';
export * from './entities.schemas.js';
export * from './api.schemas.js';
export * from './about.schemas.js';
export * from './canary-spec.zod.js';
