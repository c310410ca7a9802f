export * from './rbac.js';
export * from './feature-flags.js';
export * from './constants.js';
export * from './messages.js';
export * from './format/index.js';
export * from './json-schema/index.js';
export * from './expr/index.js';
export * from './health/index.js';
