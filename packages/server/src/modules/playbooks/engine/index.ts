// The run engine as the rest of the playbooks area uses it: start a run (manual, re-run, webhook,
// schedule, event), cancel, approve, and the worker each process runs.
export { PlaybookInputError } from './errors.js';
export { submitRun, type SubmitRunInput } from './submit-run.js';
export { cancelRun, rerunRun, runIsOnCheck } from './run-controls.js';
export { approveRun, approverStanding, type ApproverStanding } from './approve-run.js';
export { PlaybookEngine, type PlaybookEngineOptions } from './playbook-engine.js';
export { PLAYBOOK_JOB_NAME } from './run-history.js';
export { ORPHANED_ACTION_ERROR } from './run-actions.repository.js';
