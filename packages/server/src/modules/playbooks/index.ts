// The playbooks module's public surface (each part of the module appends its exports).
export { playbookKind, PLAYBOOK_APPLY_SOURCE } from './playbook.kind.js';
export { PLAYBOOK_RELATIONS } from './playbooks.relations.js';
export { livePlaybooks, playbookById, playbookByName, playbookByWebhookPath, type PlaybookRow } from './playbooks.repository.js';
export {
  parsePlaybook,
  parsePlaybookSpec,
  playbookSummary,
  PlaybookValidationError,
  type PlaybookDocument,
  type PlaybookIssue,
} from './spec/parse-playbook.js';
export { compileCheckSpec, PLAYBOOK_TEMPLATE_FUNCTIONS } from './spec/compile-check.js';
// Resources a playbook runs on, its template data and parameters, and the read routes.
export { playbookReadRoutes } from './playbook-read.routes.js';
export { loadRunResource, type RunResource } from './resources/resource-ref.js';
export { playbookAppliesTo, runnablePlaybooks } from './resources/resource-match.js';
export { buildTemplateEnv, TemplateEnvError, type TemplateEnv } from './resources/template-env.js';
export { renderParameters, resolveParamValues } from './resources/render-params.js';
// Triggers: the webhook endpoint, and the event handlers and schedule scheduler the composition root starts.
export { playbookWebhookRoutes } from './playbook-webhook.routes.js';
export { PlaybookTriggers } from './triggers/index.js';
// The run engine: the worker each process runs, the run/cancel/approve/rerun routes and the calls triggers use.
export { playbookRunRoutes } from './playbook-run.routes.js';
export {
  PlaybookEngine,
  PlaybookInputError,
  submitRun,
  cancelRun,
  approveRun,
  rerunRun,
  approverStanding,
  type SubmitRunInput,
} from './engine/index.js';
// The actions a run executes: one call per action, a failed outcome (never a throw) for the user's errors.
export {
  actionTypeOf,
  runAction,
  RUNNABLE_ACTION_TYPES,
  type ActionArtifact,
  type ActionContext,
  type ActionOutcome,
  type ActionTemplateEnv,
  type PlaybookActionInput,
} from './actions/index.js';
