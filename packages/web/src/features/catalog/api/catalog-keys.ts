/** TanStack Query keys of the catalogue; `all` invalidates every catalogue query (refresh, after a scrape). */
export const catalogKeys = {
  all: ['catalog'] as const,
  summary: (request: unknown) => ['catalog', 'summary', request] as const,
  configs: (params: unknown) => ['catalog', 'configs', params] as const,
  detail: (id: string) => ['catalog', 'detail', id] as const,
  lookup: (relation: string) => ['catalog', 'lookup', relation] as const,
  changes: (request: unknown) => ['catalog', 'changes', request] as const,
  change: (id: string) => ['catalog', 'change', id] as const,
  analysis: (params: unknown) => ['catalog', 'analysis', params] as const,
  related: (args: unknown) => ['catalog', 'related', args] as const,
  checks: (configId: string) => ['catalog', 'checks', configId] as const,
  checkStatuses: (checkId: string) => ['catalog', 'check-statuses', checkId] as const,
  playbookRuns: (configId: string, page: unknown) => ['catalog', 'playbook-runs', configId, page] as const,
  scrapers: ['catalog', 'scrapers'] as const,
  scraper: (id: string) => ['catalog', 'scraper', id] as const,
  scraperJobs: (id: string) => ['catalog', 'scraper-jobs', id] as const,
};
