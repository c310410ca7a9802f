/** Shell-level routes and the settings pages. */
export const PATHS = {
  home: '/',
  login: '/login',
  authStateChecker: '/auth-state-checker',
  error: '/error',
  topology: '/topology',
  health: '/health',
  incidents: '/incidents',
  catalog: '/catalog',
  logs: '/logs',
  playbooks: '/playbooks',
  notifications: '/notifications',
  profile: '/profile-settings',
  agents: '/agents',
  settings: {
    connections: '/settings/connections',
    users: '/settings/users',
    teams: '/settings/teams',
    incidentRules: '/settings/incident_rules',
    canaries: '/settings/canaries',
    topologies: '/settings/topologies',
    notifications: '/settings/notifications',
    jobs: '/settings/jobs',
    featureFlags: '/settings/feature-flags',
    loggingBackends: '/settings/logging_backends',
    eventQueue: '/settings/event-queue',
    eventQueueStatus: '/settings/event-queue-status',
    agents: '/settings/agents',
    integrations: '/settings/integrations',
  },
} as const;

/**
 * Where the help menu's Docs link points: the API reference the server serves (Swagger UI over
 * /api/openapi.json, outside the web bundle); override at build time with VITE_DOCS_URL.
 */
export const DOCS_URL: string = import.meta.env.VITE_DOCS_URL || '/api/docs';

/** The sign-in page that returns to `returnTo` afterwards. */
export function loginPath(returnTo?: string): string {
  return returnTo ? `${PATHS.login}?return_to=${encodeURIComponent(returnTo)}` : PATHS.login;
}

/** The session-check page that the API client sends a 401 to. */
export function authStateCheckerPath(returnTo: string): string {
  return `${PATHS.authStateChecker}?return_to=${encodeURIComponent(returnTo)}`;
}
