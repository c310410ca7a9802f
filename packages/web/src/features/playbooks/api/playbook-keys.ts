// Query keys of the playbook screens, so a save or a run invalidates exactly what shows it.

/** Keys under ['playbooks', …]: the list, one run, one action, the runs pages and the approvals. */
export const playbookKeys = {
  all: ['playbooks'] as const,
  list: () => ['playbooks', 'list'] as const,
  names: () => ['playbooks', 'names'] as const,
  runs: (filters: unknown) => ['playbooks', 'runs', filters] as const,
  run: (id: string) => ['playbooks', 'run', id] as const,
  action: (id: string) => ['playbooks', 'action', id] as const,
  approvals: () => ['playbooks', 'approvals'] as const,
};
