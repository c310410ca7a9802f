/** Business constants (defaults, limits, refresh rates), shared by server and web. */

export const FRONTEND_VERSION = '1.0.796';
export const UNKNOWN_VERSION = 'NA';

export const PAGE_SIZES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
export const TABLE_PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const VIRTUAL_ROW_ESTIMATE_PX = 35;
export const VIRTUAL_OVERSCAN = 10;

export const DEBOUNCE_SEARCH_MS = 400;
export const DEBOUNCE_LOOKUP_MS = 100;
export const DEBOUNCE_RESOURCE_SEARCH_MS = 300;
export const STALE_TIME_MS = 300_000;
export const STATUS_HISTORY_STALE_MS = 10_000;
export const TOAST_DURATION_MS = 5_000;
export const SETTINGS_MESSAGE_CLEAR_MS = 10_000;
export const SETTINGS_LIST_LIMIT = 100;

export const AGENT_ONLINE_THRESHOLD_SECONDS = 61;
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export const TIME_RANGE_OPTIONS = [
  '15m', '1h', '2h', '3h', '6h', '12h', '1d', '2d', '3d', '1w', '2w', '3w', '1mo', '2mo', '3mo', '6mo', '1y', '2y', '3y', '5y',
] as const;
export const REFRESH_RATE_OPTIONS = ['None', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;
export const DURATION_OPTIONS = ['none', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;
export const AGENT_SCRAPE_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export const CODE_EDITOR_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;

export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const CONFIG_TYPE_SEPARATOR = '::';
export const CONFIG_TYPE_FILTER_SEPARATOR = '__';
export const NO_TITLE = '(no title)';
