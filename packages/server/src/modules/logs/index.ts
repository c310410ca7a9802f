// The logs area as the rest of the server uses it: the logs API (registered from modules/route-modules.ts),
// and one page of lines for other areas (a playbook's logs action).
export { logsRoutes } from './logs.routes.js';
export { assertLogsEnabled, queryLogs, LOGS_DISABLED } from './logs.service.js';
// A playbook's logs action queries a backend (inline in the action, or stored by name) and post-processes its lines.
export { createBackend } from './backends/create-backend.js';
export { backendByName } from './logs.repository.js';
export { logPostProcessSchema, matchProblems, postProcessLogs, type LogLine, type LogPostProcess } from './lines/index.js';
