export * from './types.js';
export * from './validate.js';
