import type { RelationPolicy, RpcPolicy } from '../rest/index.js';
import { CATALOG_FUNCTIONS, CATALOG_RELATIONS } from './catalog/index.js';
import { BASE_FUNCTIONS, BASE_RELATIONS } from './data/index.js';
import { HEALTH_RELATIONS } from './health/index.js';
import { INTEGRATIONS_RELATIONS } from './integrations/index.js';
import { TOPOLOGY_RELATIONS } from './topology/index.js';
import { PLAYBOOK_RELATIONS } from './playbooks/index.js';

/**
 * Every area's data-API registry entries, concatenated. An area adds `modules/<area>/<area>.relations.ts`
 * exporting its lists and spreads them in here.
 */
export const RELATIONS: RelationPolicy[] = [
  ...BASE_RELATIONS,
  ...HEALTH_RELATIONS,
  ...CATALOG_RELATIONS,
  ...INTEGRATIONS_RELATIONS,
  ...TOPOLOGY_RELATIONS,
  ...PLAYBOOK_RELATIONS,
];

/** Functions callable through /api/db/rpc/<name>, from every area. */
export const RPC_FUNCTIONS: RpcPolicy[] = [...BASE_FUNCTIONS, ...CATALOG_FUNCTIONS];
