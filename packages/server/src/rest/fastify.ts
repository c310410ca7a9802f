import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RestEngine } from './engine.js';
import { PgrstError, invalidBody } from './errors.js';
import { jsonTooDeepAt, tooDeepMessage } from '../http/json-depth.js';
import { parseCsv } from './exec/csv.js';
import type { Actor, RestRequest } from './types.js';

export interface MountOptions {
  /** URL prefix, e.g. '/api/db'. */
  prefix: string;
  /** The caller of a request, from whatever authentication ran before. */
  actor(request: FastifyRequest): Actor | undefined;
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const JSON_TYPES = ['application/json', 'application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'];

const headerValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v);

function sendError(reply: FastifyReply, e: PgrstError): FastifyReply {
  return reply.code(e.status).headers(e.headers).type('application/json; charset=utf-8').send(JSON.stringify(e));
}

/**
 * Mount the engine under a prefix in its own Fastify scope: `/<relation>` and `/rpc/<fn>`, its own body
 * parsers (JSON, CSV) and PostgREST-shaped errors for bodies that do not parse.
 */
export async function mountRestApi(app: FastifyInstance, engine: RestEngine, opts: MountOptions): Promise<void> {
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (_req, body, done) => {
        const text = String(body);
        if (!text.trim()) return done(null, undefined);
        const deep = jsonTooDeepAt(text);
        if (deep >= 0) return done(invalidBody(`${tooDeepMessage('The JSON body')} (at offset ${deep})`), undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(invalidBody('Empty or invalid json'), undefined);
        }
      });
      scope.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, parseCsv(String(body))));
      scope.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
        if (!String(body).length) return done(null, undefined);
        done(new PgrstError(415, 'PGRST107', `Content-Type not acceptable: ${req.headers['content-type'] ?? '(none)'}`), undefined);
      });
      scope.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
        if (err instanceof PgrstError) return sendError(reply, err);
        const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
        if (status === 500) reply.log.error({ err }, 'data API request failed');
        return sendError(
          reply,
          new PgrstError(status, status === 413 ? 'PGRST102' : 'PGRSTX00', status === 500 ? 'Internal server error' : err.message),
        );
      });

      const handle = async (request: FastifyRequest, reply: FastifyReply, target: RestRequest['target']) => {
        const url = request.raw.url ?? request.url;
        const q = url.indexOf('?');
        const h = request.headers;
        const res = await engine.handle({
          method: request.method,
          target,
          rawQuery: q >= 0 ? url.slice(q + 1) : '',
          headers: {
            accept: headerValue(h.accept),
            prefer: headerValue(h.prefer),
            range: headerValue(h.range),
            rangeUnit: headerValue(h['range-unit']),
          },
          body: request.body,
          actor: opts.actor(request),
        });
        reply.code(res.status).headers(res.headers);
        return res.body === undefined ? reply.send() : reply.send(res.body);
      };
      scope.route<{ Params: { relation: string } }>({
        method: [...METHODS, 'OPTIONS'],
        url: '/:relation',
        schema: { hide: true },
        handler: (request, reply) => handle(request, reply, { kind: 'relation', name: request.params.relation }),
      });
      scope.route<{ Params: { fn: string } }>({
        method: [...METHODS],
        url: '/rpc/:fn',
        schema: { hide: true },
        handler: (request, reply) => handle(request, reply, { kind: 'rpc', name: request.params.fn }),
      });
    },
    { prefix: opts.prefix },
  );
}
