// Helpers of the catalogue integration tests: apply a ScrapeConfig through the API and run it now.
import type { ScraperRunResponse } from '@ops/shared';
import { expect } from 'vitest';

/** What the helpers need of the integration test server (structural: no import of the test harness into the build). */
interface TestServer {
  json<T = unknown>(
    path: string,
    init?: RequestInit & { as?: 'admin' | 'editor' | 'commander' | 'responder' | 'viewer' | 'norole' | null },
  ): Promise<{ status: number; body: T }>;
}

/** Apply YAML through `POST /api/resources/apply`; returns the scraper id. */
export async function applyScraper(s: TestServer, yaml: string): Promise<string> {
  const r = await s.json<{ results: { id: string; kind: string }[] }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.results[0]!.id;
}

/** `POST /api/config/scrapers/{id}/run` as admin; fails the test unless it answers 200. */
export async function runNow(s: TestServer, id: string): Promise<ScraperRunResponse> {
  const r = await s.json<ScraperRunResponse>(`/api/config/scrapers/${id}/run`, { method: 'POST' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** POST a JSON body and parse the answer. */
export function postJson<T>(s: TestServer, path: string, body: unknown, as: 'admin' | 'viewer' | 'norole' = 'admin') {
  return s.json<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), as });
}

/** A file scraper over `paths` whose documents list items under `$.items[*]`. */
export function fileScraperYaml(name: string, paths: string[], extra = ''): string {
  return `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: '@every 24h'
${extra}  file:
${paths.map((p) => `    - type: Test::Item\n      class: Item\n      id: $.id\n      name: $.name\n      items: $.items[*]\n      paths: ['${p}']`).join('\n')}
`;
}
