export * from './rbac.js';
export * from './feature-flags.js';
export * from './constants.js';
export * from './messages.js';
export * from './secret-mask.js';
export * from './format/index.js';
export * from './health/index.js';
export * from './identity/index.js';
export * from './catalog/index.js';
export * from './connections/index.js';
export * from './topology/index.js';
export * from './playbooks/index.js';
export * from './db/rows.generated.js';
export * from './wire/index.js';
// The expression layer (CEL, templates, JSONPath, jq) is the subpath '@ops/shared/expr': it is large and only
// engines and lazy editor pages need it, so it stays out of everything that imports the barrel.
