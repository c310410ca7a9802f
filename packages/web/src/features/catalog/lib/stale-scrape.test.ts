import { describe, expect, it } from 'vitest';
import { isStaleScrape } from './stale-scrape';

const now = new Date('2026-01-01T12:00:00Z');

describe("'Last scraped' warning", () => {
  it('shows after more than an hour', () => {
    expect(isStaleScrape({ last_scraped_time: '2026-01-01T10:59:00Z', deleted_at: null }, now)).toBe(true);
    expect(isStaleScrape({ last_scraped_time: '2026-01-01T11:00:00Z', deleted_at: null }, now)).toBe(false);
  });

  it('never shows for deleted items or items never scraped', () => {
    expect(isStaleScrape({ last_scraped_time: '2025-12-01T00:00:00Z', deleted_at: '2025-12-02T00:00:00Z' }, now)).toBe(false);
    expect(isStaleScrape({ last_scraped_time: null, deleted_at: null }, now)).toBe(false);
  });
});
