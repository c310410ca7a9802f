// The data API's side of exec.restrictToAdmin: a POST, PATCH or PUT to /api/db/canaries or
// /api/db/config_scrapers whose rows carry a spec that executes code needs an admin while the
// setting is on. Rows without a spec (e.g. a schedule change) do not change code.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.js';
import { assertMayWriteCode } from './exec-permission.js';

const KIND_OF: Record<string, string> = {
  canaries: 'Canary',
  config_scrapers: 'ScrapeConfig',
  topologies: 'Topology',
  playbooks: 'Playbook',
};
const WRITES = new Set(['POST', 'PATCH', 'PUT']);

/** preHandler for the data API routes: throws 403 when the caller may not write the code in the body. */
export async function guardCodeWrites(request: FastifyRequest, db: Db): Promise<void> {
  if (!WRITES.has(request.method) || !request.principal) return;
  const match = /^\/api\/db\/([^/?]+)/.exec(request.url);
  const kind = match ? KIND_OF[decodeURIComponent(match[1]!)] : undefined;
  if (!kind) return;
  const rows = (Array.isArray(request.body) ? request.body : [request.body]) as unknown[];
  const writes = rows
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => ({ kind, name: typeof r.name === 'string' ? r.name : '(unnamed)', spec: r.spec }));
  await assertMayWriteCode(db, request.principal.roles, writes);
}
