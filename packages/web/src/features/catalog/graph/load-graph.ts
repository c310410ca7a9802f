/**
 * The graph's chunk (React Flow and the graph components). One import for the lazy component and for the
 * early starts, so a page opened on the graph fetches it while its data is still on the way.
 */
export const loadRelationshipGraph = () => import('./relationship-graph');
