import { describe, expect, it } from 'vitest';
import { servedInHealthMode } from './health-mode.js';

describe('health-only mode', () => {
  it('serves the health API, the relations the dashboard reads, sign-in and the web app', () => {
    for (const url of [
      '/api/about',
      '/api/canary/api/summary?start=1h',
      '/api/canary/run/check/x',
      '/api/auth/whoami',
      '/api/db/check_statuses?status=eq.1',
      '/api/db/canaries',
      '/api/search?q=redis',
      '/api/docs',
      '/api/docs/swagger-ui.css?v=1',
      '/health',
      '/assets/app.js',
    ]) {
      expect(servedInHealthMode(url)).toBe(true);
    }
  });

  it('serves nothing else', () => {
    for (const url of [
      '/api/db/teams',
      '/api/db/rpc/anything',
      '/api/resources/apply',
      '/api/aboutx',
      '/api/catalog/summary',
      '/api/db/canaries/extra',
      '/api/searchx',
      '/api/docsx',
    ]) {
      expect(servedInHealthMode(url)).toBe(false);
    }
  });
});
