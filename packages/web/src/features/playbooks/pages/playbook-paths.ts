/** The playbook screens' paths. */
export const PLAYBOOK_PATHS = {
  list: '/playbooks',
  runs: '/playbooks/runs',
  approvals: '/playbooks/approvals',
} as const;

/** The runs list, optionally filtered to one playbook (the cards' History button). */
export function playbookRunsPath(filters: { playbook?: string } = {}): string {
  return filters.playbook ? `${PLAYBOOK_PATHS.runs}?playbook=${encodeURIComponent(filters.playbook)}` : PLAYBOOK_PATHS.runs;
}

/** One run's page. */
export function playbookRunPath(runId: string): string {
  return `${PLAYBOOK_PATHS.runs}/${encodeURIComponent(runId)}`;
}
