/** The PostgREST-compatible data API engine: generic, configured by a registry (see README.md). */
export { RestEngine, type EngineOptions } from './engine.js';
export { Registry } from './registry.js';
export { mountRestApi, type MountOptions } from './fastify.js';
export { PgrstError } from './errors.js';
export {
  ACTOR,
  NOW,
  literal,
  type Actor,
  type RelationPolicy,
  type RpcPolicy,
  type RowGuard,
  type ServerOwnedColumn,
  type ServerValue,
  type WriteOperation,
  type RestRequest,
  type RestResponse,
} from './types.js';
