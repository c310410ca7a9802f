// The playbooks area's public surface for the app shell and for the other playbook folders (run dialog, menus).
export { playbookKeys } from './api/playbook-keys';
export { listPlaybooks, listPlaybookNames, type PlaybookName, type PlaybookRow } from './api/playbooks-api';
export { getPlaybookRun, listPlaybookRuns, type PlaybookRunListRow } from './api/runs-api';
export { playbookRunPath, playbookRunsPath, PLAYBOOK_PATHS } from './pages/playbook-paths';
export { PlaybookIcon } from './pages/playbook-icon';
export { RunStatusBadge } from './runs/run-status-badge';
export { PlaybookRunsTable, type PlaybookRunsTableProps } from './runs/runs-table';
export { PlaybookSpecDialog } from './spec-dialog/playbook-spec-dialog';
// Run dialog, parameters form and the Playbooks menu (composed into other areas by app/).
export { PlaybookRunDialog, type PlaybookRunDialogProps } from './run-dialog/playbook-run-dialog';
export type { RunDialogPlaybook, RunDialogResource } from './run-dialog/run-target';
export { PlaybooksMenu } from './menus/playbooks-menu';
