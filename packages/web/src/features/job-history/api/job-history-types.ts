/** Resource types offered by the Resource Type filter. */
export const JOB_RESOURCE_TYPES = ['canary', 'topology', 'config_scraper'] as const;

/** Statuses offered by the Status filter. */
export const JOB_STATUS_FILTER = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED'] as const;

/** Default status filter: everything but SUCCESS. */
export const DEFAULT_STATUS_FILTER = { SUCCESS: -1 } as const;

/** Standalone Jobs History page size and default order. */
export const JOB_HISTORY_PAGE_SIZE = 50;
export const JOB_HISTORY_DEFAULT_SORT = 'created_at';
