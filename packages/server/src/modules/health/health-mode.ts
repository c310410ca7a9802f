// Health-only mode (OPS_MODE=health): the server answers only what the health dashboard and
// its editors use; every other API path is 404. The web app is still served (it shows only /health).
import type { FastifyInstance } from 'fastify';

/** API paths served in health-only mode: exact paths, prefixes, and the data-API relations the dashboard reads. */
const EXACT = new Set(['/api/about', '/api/metrics', '/api/openapi.json', '/api/docs', '/api/search']);
const PREFIXES = ['/api/auth/', '/api/canary/', '/api/docs/'];
const RELATIONS = new Set([
  'canaries',
  'canaries_with_status',
  'checks',
  'check_statuses',
  'check_names',
  'checks_by_component',
  'check_summary_for_config',
  'agents',
  'people',
  'properties',
  'job_histories',
  'job_history_names',
]);

/** Whether an API path is served in health-only mode. */
export function servedInHealthMode(url: string): boolean {
  const path = url.split('?')[0]!;
  if (!path.startsWith('/api/')) return true;
  if (EXACT.has(path) || PREFIXES.some((p) => path.startsWith(p))) return true;
  const m = /^\/api\/db\/([^/]+)$/.exec(path);
  return !!m && RELATIONS.has(decodeURIComponent(m[1]!));
}

/** Install the guard; it must run before every route module so it covers their scopes too. */
export function installHealthMode(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (servedInHealthMode(request.url)) return;
    const message = `${request.method} ${request.url.split('?')[0]} is not served in health-only mode (OPS_MODE=health)`;
    await reply.status(404).send({ error: 'Not Found', message });
  });
}
