import {
  SETTINGS_LIST_LIMIT,
  type ConfigScraperRow,
  type DbRow,
  type ConfigScraperWithStatusRow,
  type ScraperRunResponse,
} from '@ops/shared';
import type { ResourceApplyResponse, ResourceApplyResult } from '@ops/shared';
import { api, request } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';
import { resourceJobHistory, type JobHistoryRow } from '../../../lib/job-history-row';

/** Live scrapers with their last run, newest first, at most the settings list limit (not cached). */
export async function listScrapers(signal?: AbortSignal): Promise<ConfigScraperWithStatusRow[]> {
  const res = await db.get<ConfigScraperWithStatusRow>(
    'config_scrapers_with_status',
    { select: '*', deleted_at: 'is.null', order: 'created_at.desc', limit: SETTINGS_LIST_LIMIT },
    { signal },
  );
  return res.data;
}

/** One scraper by id (GET /config_scrapers?id=eq.{id}); null when missing or deleted. */
export async function getScraper(id: string, signal?: AbortSignal): Promise<ConfigScraperRow | null> {
  const res = await db.get<ConfigScraperRow>('config_scrapers', { id: `eq.${id}`, deleted_at: 'is.null' }, { signal });
  return res.data[0] ?? null;
}

/** Creates or updates scrapers from ScrapeConfig YAML (POST /api/resources/apply). */
export async function applyScrapeConfig(yamlText: string): Promise<ResourceApplyResult[]> {
  const res = await request<ResourceApplyResponse>('/api/resources/apply', {
    method: 'POST',
    body: yamlText,
    headers: { 'content-type': 'application/yaml' },
  });
  return res.results;
}

/** Deletes a scraper through config as code (DELETE /api/resources/ScrapeConfig/{name}). */
export async function deleteScrapeConfig(name: string, namespace: string): Promise<void> {
  await api.delete(`/api/resources/ScrapeConfig/${encodeURIComponent(name)}`, { query: { namespace } });
}

/** Runs a scraper now and answers with the run's summary (POST /api/config/scrapers/{id}/run). */
export function runScraper(id: string): Promise<ScraperRunResponse> {
  // A scrape of a large source can take a while; wait longer than the default 30 s.
  return api.post<ScraperRunResponse>(`/api/config/scrapers/${encodeURIComponent(id)}/run`, undefined, { timeoutMs: 300_000 });
}

/** One page of a scraper's runs, newest first (Job History tab). */
export function scraperJobHistory(
  id: string,
  page: { limit: string; offset: string },
  signal?: AbortSignal,
): Promise<DbList<JobHistoryRow>> {
  return resourceJobHistory('in.(config_scraper,catalog_scraper)', id, page, signal);
}

/** Names of people by id, for Created By. */
export async function peopleNames(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.get<Pick<DbRow<'people'>, 'id' | 'name' | 'email'>>(
    'people',
    { select: 'id,name,email', id: `in.(${ids.join(',')})` },
    { signal },
  );
  return new Map(res.data.map((p) => [p.id, p.name || p.email || p.id]));
}
