// The topology area as the rest of the server uses it: the read routes (tree, snapshot) and the data-API
// relations, registered from modules/route-modules.ts and modules/relations.ts.
export { topologyRoutes } from './topology.routes.js';
export { TOPOLOGY_RELATIONS } from './topology.relations.js';
// The engine's surface: the Topology kind of apply, Run Now and the topology scheduler.
export { topologyKind } from './topology.kind.js';
export { topologyRunRoutes } from './topology-run.routes.js';
export { TopologyScheduler } from './topology.jobs.js';
