import { SIDEBAR_PANEL_PAGE_SIZE } from '@ops/shared';
import type { DbList } from '../../../lib/db';

/** The offset of a paged sidebar panel's next page, or undefined once the last page (short, or reaching the count) is in. */
export function nextPanelOffset(last: DbList<unknown>, pages: readonly DbList<unknown>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length === SIDEBAR_PANEL_PAGE_SIZE && (last.total === null || loaded < last.total) ? loaded : undefined;
}
