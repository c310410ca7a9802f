export * from './constants.js';
export * from './component.schemas.js';
export * from './topology-api.schemas.js';
export * from './logs.schemas.js';
