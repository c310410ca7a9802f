export * from './constants.js';
export * from './component.schemas.js';
export * from './topology-api.schemas.js';
export * from './logs.schemas.js';
export * from './logging-backend.schemas.js';
export * from './topology-spec.schema.js';
