import type { ScrapeContext } from './context.js';
import { collectChanges, extractDrafts } from './pipeline/extract.js';
import { itemEnv } from './pipeline/item-env.js';
import { ExtractionOutput } from './pipeline/output.js';
import { SCRAPER_TYPES } from './scrapers/registry.js';
import { errorMessage } from './scrapers/scraper-type.js';
import type { BaseScraper } from './spec/common.schema.js';
import { SUPPORTED_SCRAPER_TYPES, type ParsedScrapeConfig } from './spec/parse-scrape-config.js';
import { toScrapeResult } from './pipeline/result.js';
import type { ScrapeResult } from './types.js';

/**
 * Run every scraper entry of a ScrapeConfig and extract the result. Pure with respect to storage:
 * nothing is written. Entries run one after another; a failing entry or item is reported in
 * `errors` and makes the result incomplete, so the caller never deletes what was not seen.
 */
export async function runScrape(config: ParsedScrapeConfig, ctx: ScrapeContext): Promise<ScrapeResult> {
  const started = (ctx.now?.() ?? new Date()).toISOString();
  const out = new ExtractionOutput();
  let complete = true;
  const spec = config.document.spec as Record<string, unknown>;
  for (const type of SUPPORTED_SCRAPER_TYPES) {
    const entries = (spec[type] as BaseScraper[] | undefined) ?? [];
    for (const [i, entry] of entries.entries()) {
      const label = `${type}[${i}]`;
      if (ctx.signal?.aborted) {
        out.errors.push({ scraper: label, message: 'scrape aborted' });
        complete = false;
        continue;
      }
      try {
        const run = await SCRAPER_TYPES[type].scrape(entry as never, ctx, label);
        out.errors.push(...run.errors);
        if (!run.complete) complete = false;
        const opts = { scraper: label, full: config.full, scraperId: ctx.scraperId };
        extractDrafts(entry, run.drafts, opts, out);
        out.relationships.push(...(run.relationships ?? []));
        for (const w of run.warnings ?? []) out.warnings.add(w, undefined, label);
        if (run.changes?.length) collectChanges(entry, run.changes, itemEnv({ config: null }), opts, out);
      } catch (err) {
        out.errors.push({ scraper: label, message: errorMessage(err) });
        complete = false;
      }
    }
  }
  for (const type of config.unsupported) {
    out.errors.push({ scraper: type, message: `scraper type "${type}" is not supported by this server` });
    complete = false;
  }
  return toScrapeResult(out, complete, started, (ctx.now?.() ?? new Date()).toISOString());
}
