// Config as code (`/api/resources`) as other modules use it: the contract of an apply kind they define
// (canaries, scrapers, teams) and the registry that lists them. Its routes are registered from
// modules/route-modules.ts.
export { buildKindRegistry } from './kinds.js';
export { defineKind, KindRegistry, type ApplyResult, type KindEntry, type ResourceDocument, type SupportedKind } from './kind-registry.js';
