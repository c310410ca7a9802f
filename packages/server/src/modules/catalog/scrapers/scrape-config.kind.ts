// `ScrapeConfig` (configs.flanksource.com/v1) in `POST /api/resources/apply`, `ops apply` and `ops get`:
// the document is validated by the engine's parser (errors name the field) and stored in config_scrapers.
import { SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from '@ops/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.js';
import { parseScrapeConfig, ScrapeConfigError, type ParsedScrapeConfig, type ScrapeConfigDocument } from '../engine/index.js';
import { scraperDocument } from './scraper-document.js';
import { scraperScheduleText } from './scraper-spec.js';
import { syncScraper } from './scraper-sync.js';
import {
  insertScraper,
  listScrapers,
  scraperByName,
  softDeleteScraper,
  updateScraper,
  type ScraperRecord,
  type ScraperWrite,
} from './scraper.repository.js';

/** The whole document, checked by the engine; an invalid one is one issue at the field the engine names. */
const scrapeConfigDocument = z.unknown().transform((value, ctx): ScrapeConfigDocument => {
  try {
    return parseScrapeConfig(value).document;
  } catch (err) {
    if (!(err instanceof ScrapeConfigError)) throw err;
    const field = err.field ?? '';
    const path = field
      ? field
          .split(/\.|\[(\d+)\]/)
          .filter((p) => p !== undefined && p !== '')
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
      : [];
    const message = field && err.message.startsWith(`${field}: `) ? err.message.slice(field.length + 2) : err.message;
    ctx.addIssue({ code: 'custom', message, path });
    return z.NEVER;
  }
});

function toWrite(doc: ParsedScrapeConfig): ScraperWrite {
  const meta = doc.document.metadata;
  const annotations = (meta.annotations ?? {}) as Record<string, string>;
  return {
    name: doc.name,
    namespace: doc.namespace ?? 'default',
    description: annotations.description ?? null,
    spec: doc.document.spec as Record<string, unknown>,
    labels: meta.labels ?? {},
    source: 'apply',
  };
}

function toResource(s: ScraperRecord) {
  const doc = scraperDocument(s);
  return {
    ...doc,
    metadata: { ...doc.metadata, createdAt: new Date(s.created_at).toISOString(), updatedAt: new Date(s.updated_at).toISOString() },
    status: { schedule: scraperScheduleText(s.spec), source: s.source },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The ScrapeConfig kind entry for the apply registry (resources/kinds.ts wraps it with defineKind); it
 * replaces the "not supported yet" placeholder.
 */
export const scrapeConfigKind = {
  kind: SCRAPE_CONFIG_KIND,
  apiVersions: [SCRAPE_CONFIG_API_VERSION],
  aliases: ['scrapers', 'scraper', 'scrapeconfig', 'scrape-config', 'scrape-configs'],
  resource: 'config_scrapers' as const,
  namespaced: true,
  supported: true as const,
  schema: scrapeConfigDocument as unknown as z.ZodType<ScrapeConfigDocument>,
  columns: [
    { header: 'SCHEDULE', path: 'status.schedule' },
    { header: 'UPDATED', path: 'metadata.updatedAt' },
  ],
  async apply(doc: ScrapeConfigDocument, principal: { id: string }, db: Kysely<Database>) {
    const w = toWrite(parseScrapeConfig(doc));
    const existing = await scraperByName(db, w.namespace, w.name);
    if (!existing) {
      const id = await insertScraper(db, w, principal.id);
      await syncScraper(db, id);
      return { kind: SCRAPE_CONFIG_KIND, name: w.name, namespace: w.namespace, id, action: 'created' as const };
    }
    const unchanged = same(existing.spec, w.spec) && same(existing.labels ?? {}, w.labels) && existing.description === w.description;
    if (!unchanged) {
      await updateScraper(db, existing.id, w);
      await syncScraper(db, existing.id);
    }
    return {
      kind: SCRAPE_CONFIG_KIND,
      name: w.name,
      namespace: w.namespace,
      id: existing.id,
      action: unchanged ? ('unchanged' as const) : ('updated' as const),
    };
  },
  async list(db: Kysely<Database>, query: { namespace?: string; limit: number; offset: number }) {
    return (await listScrapers(db, query)).map(toResource);
  },
  async get(db: Kysely<Database>, name: string, namespace?: string) {
    const s = await scraperByName(db, namespace ?? 'default', name);
    return s && toResource(s);
  },
  async delete(db: Kysely<Database>, name: string, namespace: string | undefined) {
    const s = await scraperByName(db, namespace ?? 'default', name);
    if (!s || !(await softDeleteScraper(db, s.id))) return false;
    await syncScraper(db, s.id);
    return true;
  },
};
