import type { ScrapeWarning } from '../types.js';

/** The value as a plain object, or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The object entries of a list (other entries are ignored, as a JSON decoder would skip them). */
export function asList(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(asRecord).filter((v) => v !== undefined) : [];
}

/** A string or list of strings as a list (`user: alice` and `user: [alice, bob]` both work). */
export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Warnings deduplicated by message: a repeat increments the count and keeps the first example. */
export class WarningList {
  readonly items: ScrapeWarning[] = [];

  add(error: string, result?: unknown, scraper?: string): void {
    const existing = this.items.find((w) => w.error === error && w.scraper === scraper);
    if (existing) existing.count++;
    else this.items.push({ error, count: 1, ...(result === undefined ? {} : { result }), ...(scraper ? { scraper } : {}) });
  }

  merge(other: WarningList | readonly ScrapeWarning[], scraper?: string): void {
    for (const w of other instanceof WarningList ? other.items : other) {
      const existing = this.items.find((x) => x.error === w.error && x.scraper === (scraper ?? w.scraper));
      if (existing) existing.count += w.count;
      else this.items.push({ ...w, ...(scraper ? { scraper } : {}) });
    }
  }
}
