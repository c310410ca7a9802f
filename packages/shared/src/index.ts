export * from './rbac.js';
export * from './feature-flags.js';
export * from './constants.js';
export * from './messages.js';
