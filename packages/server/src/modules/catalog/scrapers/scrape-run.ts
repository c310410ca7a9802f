// One run of a scraper: extract with the engine, persist, apply retention, and record it all as one
// job history entry (name 'scraper', resource config_scraper) whose details hold the scrape summary.
import type { ScrapeRunSummary } from '@ops/shared';
import type { AppContext } from '../../../context.js';
import { runScrape, StaticSecretResolver, type ScrapeResult } from '../engine/index.js';
import { applyRetention } from '../persistence/retention.repository.js';
import { saveScrapeResult, type SaveCounts } from '../persistence/save-result.js';
import { retentionRules } from './scraper-spec.js';
import { parseStoredScraper } from './scraper-document.js';
import type { ScraperRecord } from './scraper.repository.js';

export const SCRAPE_JOB_NAME = 'scraper';
export const SCRAPER_RESOURCE_TYPE = 'config_scraper';
// Errors kept in a summary; the job history row keeps its own bounded list too.
const MAX_SUMMARY_ERRORS = 50;

export interface ScrapeRunOutcome {
  historyId: string;
  summary: ScrapeRunSummary;
}

/** Where relative file paths of a scraper resolve: the server's working directory. */
export function scrapeBaseDir(): string {
  return process.cwd();
}

/** Build the run summary from the engine's result and what the save did. */
export function runSummary(scraperId: string, started: Date, result: ScrapeResult, saved: SaveCounts): ScrapeRunSummary {
  const errors = result.errors.map((e) => [e.scraper, e.item, e.message].filter(Boolean).join(': '));
  const status = errors.length === 0 ? 'SUCCESS' : result.configs.length > 0 || result.changes.length > 0 ? 'WARNING' : 'FAILED';
  return {
    scraper_id: scraperId,
    status,
    complete: result.complete,
    started_at: started.toISOString(),
    duration_ms: Date.now() - started.getTime(),
    scraped: result.configs.length,
    created: saved.created,
    updated: saved.updated,
    unchanged: saved.unchanged,
    deleted: saved.deleted,
    changes: saved.changes,
    changes_deduped: saved.changes_deduped,
    analysis: saved.analysis,
    analysis_resolved: saved.analysis_resolved,
    relationships: saved.relationships,
    types: result.summary.by_type,
    errors: errors.slice(0, MAX_SUMMARY_ERRORS),
  };
}

/** Run one scraper now, recorded in job history; the caller holds the scraper's lease. */
export async function runScraper(ctx: AppContext, scraper: ScraperRecord): Promise<ScrapeRunOutcome> {
  return ctx.jobs.record(
    SCRAPE_JOB_NAME,
    { resourceType: SCRAPER_RESOURCE_TYPE, resourceId: scraper.id, agentId: scraper.agent_id },
    async (run) => {
      const started = new Date();
      const parsed = parseStoredScraper(scraper);
      const result = await runScrape(parsed, {
        baseDir: scrapeBaseDir(),
        namespace: scraper.namespace,
        scraperId: scraper.id,
        secrets: new StaticSecretResolver(),
        connections: ctx.connections,
        signal: run.signal,
      });
      const saved = await saveScrapeResult(
        ctx.db.pool,
        { scraperId: scraper.id, agentId: scraper.agent_id, spec: parsed.document.spec },
        result,
      );
      const rules = retentionRules(parsed.document.spec.retention);
      if (rules) run.details.retention = await applyRetention(ctx.db.pool, scraper.id, rules, new Date());
      const summary = runSummary(scraper.id, started, result, saved);
      run.details.scrape_summary = summary;
      run.success(result.configs.length);
      for (const e of summary.errors) run.error(e);
      if (result.warnings.length)
        run.details.warnings = result.warnings.slice(0, 20).map((w) => `${w.error}${w.count > 1 ? ` (x${w.count})` : ''}`);
      return { historyId: run.historyId, summary };
    },
  );
}
