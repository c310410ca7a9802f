import type { ScrapeContext } from '../context.js';
import type { ItemDraft } from '../pipeline/extract.js';
import type { BaseScraper } from '../spec/common.schema.js';
import type { ChangeResult, RelationshipResult, ScrapeError } from '../types.js';

/** What one scraper entry fetched: documents to extract, plus what went wrong on the way. */
export interface ScraperRun {
  drafts: ItemDraft[];
  errors: ScrapeError[];
  /** Relationships the source itself knows (Kubernetes owners, volumes, …). */
  relationships?: RelationshipResult[];
  /** Changes for items this run did not return (e.g. events about excluded or unlisted objects). */
  changes?: ChangeResult[];
  /** Non-fatal problems (a relationship rule that did not evaluate for some object). */
  warnings?: string[];
  /** False when the scraper knows it did not see everything (a failed list, a capped page count). */
  complete: boolean;
}

/** A scraper type: reads its source for one spec entry. `label` names the entry ("file[0]") in errors. */
export interface ScraperType<Spec extends BaseScraper = BaseScraper> {
  scrape(spec: Spec, ctx: ScrapeContext, label: string): Promise<ScraperRun>;
}

/** The message of anything thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}
