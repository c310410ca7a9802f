/** Virtual catalogue rows: estimated 37 px, overscan 20. */
export const CATALOG_ROW_ESTIMATE_PX = 37;
export const CATALOG_ROW_OVERSCAN = 20;

/** Rows fetched per page of the flat list; the next page loads as the end scrolls into view. */
export const CATALOG_PAGE_SIZE = 200;

/** Config list cache: 5 minutes; labels list 60 s. */
export const CONFIG_LIST_STALE_MS = 5 * 60_000;
export const LABELS_STALE_MS = 60_000;

/** Side panels: 50 a page, next page within 300 px of the bottom. */
export const SIDE_PANEL_PAGE_SIZE = 50;
export const LOAD_MORE_WITHIN_PX = 300;
