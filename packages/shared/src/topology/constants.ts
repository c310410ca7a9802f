// Constants of the topology dashboard and the logs viewer that the server and the browser share.

/** Component health values; the dashboard sorts by HEALTH_ORDER (lowest first: unhealthy leads). */
export const COMPONENT_HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type ComponentHealth = (typeof COMPONENT_HEALTH)[number];
export const HEALTH_ORDER: Record<string, number> = { info: 4, healthy: 3, warning: 2, unhealthy: 1, unknown: 0 };

/** Card widths in px; small and medium cards are compact. */
export const CARD_WIDTHS = { small: 198, medium: 258, large: 356, extra_large: 554 } as const;
export type CardSize = keyof typeof CARD_WIDTHS;
export const CARD_WIDTH_SLIDER = { min: 250, max: 768, step: 2, default: CARD_WIDTHS.extra_large } as const;

/** Sidebar lists: items before 'show more' (two-column mode shows fewer), properties, avatars. */
export const SIDEBAR_LIST_LIMIT = 10;
export const SIDEBAR_LIST_LIMIT_TWO_COLUMNS = 5;
export const SIDEBAR_PROPERTY_LIMIT = 6;
export const AVATAR_STACK_MAX = 5;
/** Paged sidebar panels (playbook runs): 50 a page, the next page once the end comes within 300 px. */
export const SIDEBAR_PANEL_PAGE_SIZE = 50;
export const SIDEBAR_LOAD_MORE_PX = 300;

/** Link to Catalog search shows at most this many configs. */
export const LINK_TO_CATALOG_LIMIT = 50;
/** Links made by hand carry this selector id (removable by writers). */
export const MANUAL_COMPONENT_LINK = 'manual';

/** Logs viewer: query debounce, virtual rows. */
export const LOGS_QUERY_DEBOUNCE_MS = 500;
export const LOG_ROW_ESTIMATE_PX = 62;
export const LOG_ROW_OVERSCAN = 10;

/** Log backend kinds that really query. */
export const LOG_BACKEND_TYPES = ['file', 'loki', 'opensearch', 'elasticsearch', 'kubernetes', 'server'] as const;
export type LogBackendType = (typeof LOG_BACKEND_TYPES)[number];

/** Property types and units a card formats. */
export const PROPERTY_TYPES = ['text', 'url', 'number', 'currency', 'age', 'hidden', 'badge'] as const;
