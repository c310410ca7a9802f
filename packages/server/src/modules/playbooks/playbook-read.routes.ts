// The playbook read API: the Playbooks menu of a resource (GET /api/playbook/list), one playbook's
// parameters for a resource (POST /api/playbook/{id}/params), a run and an action attempt by id with
// its long log streams as text and artifact downloads, and POST /api/resources/search for the run dialog's
// resource picker.
import { can, playbookResourceRefSchema, resourceSearchRequestSchema, type PlaybookResourceRef } from '@ops/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { playbookDecider } from '../permissions/index.js';
import { actionDetailJson, actionLogText, artifactFile } from './resources/action-detail.repository.js';
import { playbookMenu, playbookParams } from './resources/playbook-menu.js';
import { searchResources } from './resources/resource-search.js';
import { runDetailJson } from './resources/run-detail.repository.js';

const tags = ['playbooks'];
const id = (what: string) => z.guid({ message: `must be the id of ${what} (a UUID)` });

// Seeing playbooks or their runs: read on either resource.
async function readPlaybooks(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const p = request.principal;
  if (!p) {
    await reply.status(401).send({ error: 'Unauthorized', message: 'Authentication required' });
    return;
  }
  if (!can(p.roles, 'playbooks', 'read') && !can(p.roles, 'playbook_runs', 'read')) {
    const msg = `Forbidden: read on playbooks is not allowed for roles ${p.roles.join(', ')}`;
    await reply.status(403).send({ error: msg, message: msg });
  }
}

function oneResource(ref: PlaybookResourceRef): PlaybookResourceRef {
  const given = (['config_id', 'component_id', 'check_id'] as const).filter((k) => ref[k]);
  if (given.length > 1) throw badRequest(`${given.join(', ')}: give at most one of config_id, component_id and check_id`);
  return ref;
}

// JSON text rendered by PostgreSQL goes out as it is (no parse and re-serialise of large results).
const sendJson = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);

/** Registers the playbook read routes and the resource search. */
export async function playbookReadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.kysely;

  r.get('/api/playbook/list', { preHandler: readPlaybooks, schema: { tags, querystring: playbookResourceRefSchema } }, async (request) => {
    const ref = oneResource(request.query);
    const caller = principalOf(request);
    const decide = await playbookDecider(db, caller, ref);
    return playbookMenu(db, ref, caller.id, (row) => decide(row).decision !== 'deny');
  });

  r.post(
    '/api/playbook/:id/params',
    {
      preHandler: readPlaybooks,
      schema: { tags, params: z.object({ id: id('a playbook') }), body: playbookResourceRefSchema.optional() },
    },
    async (request) => ({
      params: await playbookParams(db, request.params.id, oneResource(request.body ?? {}), principalOf(request).id),
    }),
  );

  r.get(
    '/api/playbook/run/:id',
    { preHandler: readPlaybooks, schema: { tags, params: z.object({ id: id('a playbook run') }) } },
    async (request, reply) => {
      const body = await runDetailJson(db, request.params.id, principalOf(request).id);
      if (body === undefined) throw notFound('Playbook run not found');
      return sendJson(reply, body);
    },
  );

  r.get(
    '/api/playbook/run/action/:id',
    { preHandler: readPlaybooks, schema: { tags, params: z.object({ id: id('a playbook run action') }) } },
    async (request, reply) => {
      const body = await actionDetailJson(db, request.params.id);
      if (body === undefined) throw notFound('Playbook run action not found');
      return sendJson(reply, body);
    },
  );

  // A long log stream left out of the action's JSON, as the stored text (no JSON escaping or parsing).
  r.get(
    '/api/playbook/run/action/:id/log/:stream',
    {
      preHandler: readPlaybooks,
      schema: {
        tags,
        params: z.object({
          id: id('a playbook run action'),
          stream: z.enum(['stdout', 'stderr'], { message: 'stream must be stdout or stderr' }),
        }),
      },
    },
    async (request, reply) => {
      const text = await actionLogText(db, request.params.id, request.params.stream);
      if (text === undefined) throw notFound(`Playbook run action or its ${request.params.stream} not found`);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
    },
  );

  r.get(
    '/api/playbook/run/action/:id/artifacts/:artifactId',
    {
      preHandler: readPlaybooks,
      schema: { tags, params: z.object({ id: id('a playbook run action'), artifactId: id('an artifact') }) },
    },
    async (request, reply) => {
      const file = await artifactFile(db, request.params.id, request.params.artifactId);
      if (!file) throw notFound('Artifact not found');
      const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(file.content_type || 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  r.post('/api/resources/search', { schema: { tags, body: resourceSearchRequestSchema } }, async (request) =>
    searchResources(db, request.body, principalOf(request).roles),
  );
}
