// The logs area as the rest of the server uses it: the logs API (registered from modules/route-modules.ts),
// and one page of lines for other areas (a playbook's logs action).
export { logsRoutes } from './logs.routes.js';
export { assertLogsEnabled, queryLogs, LOGS_DISABLED } from './logs.service.js';
