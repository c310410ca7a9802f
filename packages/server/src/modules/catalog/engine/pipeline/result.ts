import type { ScrapedConfig, ScrapeResult, ScrapeSummary } from '../types.js';
import type { ExtractionOutput } from './output.js';

/** Keep the last of items with the same type and id (a source listing one twice), with a warning. */
function dedupe(configs: ScrapedConfig[], out: ExtractionOutput): ScrapedConfig[] {
  const byKey = new Map<string, ScrapedConfig>();
  for (const c of configs) {
    const key = `${c.type}\u0000${c.id}`;
    if (byKey.has(key)) out.warnings.add(`duplicate item ${c.type}/${c.id}: the last one is kept`, undefined, c.scraper);
    byKey.delete(key);
    byKey.set(key, c);
  }
  return [...byKey.values()];
}

function summarize(configs: ScrapedConfig[], out: ExtractionOutput): ScrapeSummary {
  const by_type: Record<string, number> = {};
  for (const c of configs) by_type[c.type] = (by_type[c.type] ?? 0) + 1;
  const changeSkips = out.excludedChanges + out.skippedChanges;
  return {
    configs: { scraped: configs.length, saved: 0, skipped: 0 },
    changes: { scraped: out.changes.length + changeSkips, saved: 0, skipped: changeSkips },
    analysis: { scraped: out.analysis.length + out.skippedAnalysis, saved: 0, skipped: out.skippedAnalysis },
    relationships: { scraped: out.relationships.length, saved: 0, skipped: 0 },
    errors: out.errors.length,
    by_type,
  };
}

/** The final result: items deduplicated, counts summed; complete only when nothing failed. */
export function toScrapeResult(out: ExtractionOutput, complete: boolean, startedAt: string, finishedAt: string): ScrapeResult {
  const configs = dedupe(out.configs, out);
  return {
    configs,
    changes: out.changes,
    analysis: out.analysis,
    relationships: out.relationships,
    errors: out.errors,
    warnings: out.warnings.items,
    entities: out.entities,
    complete: complete && out.errors.length === 0,
    summary: summarize(configs, out),
    started_at: startedAt,
    finished_at: finishedAt,
  };
}
