import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';
import { jsonTooDeepAt, tooDeepMessage } from './json-depth.js';

/**
 * The app's `application/json` parser: Fastify's own, plus a 400 naming the problem for bodies nested
 * too deeply (they would overflow the stack later, a 500). Scopes with their own parsers (data API,
 * apply) check the same.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    const at = jsonTooDeepAt(text);
    if (at >= 0) return done(badRequest(`${tooDeepMessage('the JSON body')} (at offset ${at})`), undefined);
    void defaultParser(req, text, done);
  });
}
