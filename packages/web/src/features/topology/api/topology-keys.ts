/** Query keys of the topology area: everything under ['topology'] refreshes together after a link change. */
export const topologyKeys = {
  all: ['topology'] as const,
  tree: (query: Record<string, string>) => ['topology', 'tree', query] as const,
  names: (ids: readonly string[]) => ['topology', 'names', ...ids] as const,
  types: ['topology', 'types'] as const,
  labels: ['topology', 'labels'] as const,
  teams: ['topology', 'teams'] as const,
  agents: ['topology', 'agents'] as const,
  checks: (id: string) => ['topology', 'checks', id] as const,
  componentTeams: (id: string) => ['topology', 'component-teams', id] as const,
  configs: (id: string) => ['topology', 'configs', id] as const,
  insights: (id: string) => ['topology', 'insights', id] as const,
  changes: (id: string) => ['topology', 'changes', id] as const,
  configSearch: (text: string) => ['topology', 'config-search', text] as const,
};
