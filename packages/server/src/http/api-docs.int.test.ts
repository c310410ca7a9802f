// /api/docs through HTTP: the API reference page and the Swagger UI files it loads, served from the
// installed package under the server's CSP (scripts from our origin only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { inlineScriptHashes } from './security-headers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('GET /api/docs', () => {
  it('is an HTML page, served without credentials like /api/openapi.json, that loads only scripts from our origin', async () => {
    for (const path of ['/api/docs', '/api/docs/']) {
      const r = await s.request(path, { as: null });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      const html = await r.text();
      // No inline script: the CSP allows none but the web app's hashed theme snippet.
      expect(inlineScriptHashes(html)).toEqual([]);
      const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!.split('?')[0]);
      expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
      expect(html).toMatch(/<link rel="stylesheet" href="\/api\/docs\/swagger-ui\.css\?v=[\w.]+"/);
    }
  });

  it('serves the Swagger UI files with their types, cached for good, gzip when asked', async () => {
    const files: [string, string][] = [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
      ['favicon-32x32.png', 'image/png'],
      ['init.js', 'text/javascript; charset=utf-8'],
    ];
    for (const [file, type] of files) {
      const r = await s.request(`/api/docs/${file}?v=1`, { as: null });
      expect(r.status, file).toBe(200);
      expect(r.headers.get('content-type'), file).toBe(type);
      expect(r.headers.get('cache-control'), file).toContain('immutable');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await r.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    const bundle = await s.request('/api/docs/swagger-ui-bundle.js', { as: null, headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const init = await (await s.request('/api/docs/init.js', { as: null })).text();
    expect(init).toContain("url: '/api/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  it('serves nothing else of the package, and no path outside it', async () => {
    for (const path of [
      '/api/docs/package.json',
      '/api/docs/index.html',
      '/api/docs/..%2F..%2Fpackage.json',
      '/api/docs/swagger-ui-bundle.js.map',
    ]) {
      const r = await s.json<{ message: string }>(path, { as: null });
      expect(r.status, path).toBe(404);
    }
  });
});
