// The topology engine: parse and validate Topology documents, run them into components, and store a
// run (components, inline canaries, links, soft deletes, roll-up).
export {
  parseTopology,
  topologyDocument,
  TopologyValidationError,
  TOPOLOGY_KIND,
  TOPOLOGY_SCHEDULE_RULES,
  type ParsedTopology,
  type TopologyIssue,
} from './parse-topology.js';
export { runTopologyOnce, type TopologyRunOutcome, type RunTopologyOptions } from './run-topology.js';
export { buildTopology, type ProducedComponent } from './build-tree.js';
export { topologySource, INLINE_CHECK_SELECTOR } from './persist-links.js';
export { selectorId } from './selectors.js';
export { rollUp } from './persist-components.js';
export type { TopologyDocument, ComponentSpec } from './topology-spec.js';
export {
  topologyById,
  topologyByName,
  listTopologies,
  upsertTopology,
  softDeleteTopology,
  type TopologyRow,
  type TopologyWrite,
} from './topology-rows.js';
