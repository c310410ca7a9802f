import {
  errorBodySchema,
  resourceApplyResponseSchema,
  resourceDeleteResponseSchema,
  resourceDocumentSchema,
  resourceKindParamsSchema,
  resourceKindsResponseSchema,
  resourceListQuerySchema,
  resourceListResponseSchema,
  resourceNamespaceQuerySchema,
  resourceParamsSchema,
} from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../http/auth.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { buildKindRegistry } from './kinds.js';
import { ResourcesService } from './resources.service.js';

/** Body types `POST /api/resources/apply` accepts; anything else is 415. */
const BODY_TYPES = ['application/json', 'application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/** Config as code: `POST /api/resources/apply` and get, list and delete by kind under `/api/resources`. */
export async function resourcesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new ResourcesService(ctx.db, buildKindRegistry(ctx));
  // An encapsulated scope: the raw-text body parsers below apply to these routes only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(BODY_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('*', (request, _payload, done) => done(unsupportedType(request.headers['content-type']), undefined));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/resources/apply',
      { schema: { tags: ['resources'], consumes: BODY_TYPES, response: { 200: resourceApplyResponseSchema, ...errors } } },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const format = (request.headers['content-type'] ?? '').includes('json') ? 'json' : 'yaml';
        return { results: await service.apply(body, format, principalOf(request)) };
      },
    );

    r.get('/api/resources', { schema: { tags: ['resources'], response: { 200: resourceKindsResponseSchema } } }, async () => ({
      kinds: service.kinds().map((k) => ({
        kind: k.kind,
        apiVersions: [...k.apiVersions],
        aliases: [...k.aliases],
        resource: k.resource,
        namespaced: k.namespaced,
        supported: k.supported,
        columns: k.supported ? [...k.columns] : [],
      })),
    }));

    r.get(
      '/api/resources/:kind',
      {
        schema: {
          tags: ['resources'],
          params: resourceKindParamsSchema,
          querystring: resourceListQuerySchema,
          response: { 200: resourceListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { kind, items } = await service.list(request.params.kind, request.query, principalOf(request));
        return { apiVersion: kind.apiVersions[0]!, kind: kind.kind, namespaced: kind.namespaced, columns: [...kind.columns], items };
      },
    );

    r.get(
      '/api/resources/:kind/:name',
      {
        schema: {
          tags: ['resources'],
          params: resourceParamsSchema,
          querystring: resourceNamespaceQuerySchema,
          response: { 200: resourceDocumentSchema, ...errors },
        },
      },
      async (request) => service.get(request.params.kind, request.params.name, request.query.namespace, principalOf(request)),
    );

    r.delete(
      '/api/resources/:kind/:name',
      {
        schema: {
          tags: ['resources'],
          params: resourceParamsSchema,
          querystring: resourceNamespaceQuerySchema,
          response: { 200: resourceDeleteResponseSchema, ...errors },
        },
      },
      async (request) => service.delete(request.params.kind, request.params.name, request.query.namespace, principalOf(request)),
    );
  });
}

function unsupportedType(type: string | undefined): HttpError {
  return new HttpError(415, `Content-Type ${type ?? '(none)'} is not supported: send ${BODY_TYPES.join(', ')}`);
}
