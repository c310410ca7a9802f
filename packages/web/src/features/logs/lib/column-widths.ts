import { readStorage, writeStorage } from '../../../lib/local-storage';

/** The log table's columns in display order. */
export const LOG_COLUMNS = ['time', 'level', 'message', 'labels'] as const;
export type LogColumn = (typeof LOG_COLUMNS)[number];
export type ColumnWidths = Record<LogColumn, number>;

export const LOG_COLUMN_LABELS: Record<LogColumn, string> = { time: 'Time', level: 'Level', message: 'Message', labels: 'Labels' };

/** Widths in px before the user drags; the message's is its minimum (it takes the rest of the row). */
export const DEFAULT_COLUMN_WIDTHS: ColumnWidths = { time: 200, level: 90, message: 400, labels: 260 };
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 2000;

/** Where the widths are kept between visits. */
export const COLUMN_WIDTHS_KEY = 'logs.columnWidths';

const clamp = (n: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, n)));

/** The stored widths, each valid one over its default (a corrupt or partial value keeps the defaults). */
export function loadColumnWidths(): ColumnWidths {
  const out = { ...DEFAULT_COLUMN_WIDTHS };
  try {
    const stored: unknown = JSON.parse(readStorage(COLUMN_WIDTHS_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return out;
    for (const column of LOG_COLUMNS) {
      const value = (stored as Record<string, unknown>)[column];
      if (typeof value === 'number' && Number.isFinite(value)) out[column] = clamp(value);
    }
  } catch {
    // Not JSON: the defaults.
  }
  return out;
}

/** Keeps the widths for the next visit. */
export function saveColumnWidths(widths: ColumnWidths): void {
  writeStorage(COLUMN_WIDTHS_KEY, JSON.stringify(widths));
}

/** The widths with one column resized (clamped to the allowed range). */
export function resizeColumn(widths: ColumnWidths, column: LogColumn, width: number): ColumnWidths {
  return { ...widths, [column]: clamp(width) };
}

/** The CSS grid columns of the header and every row: fixed columns, and the message taking what is left. */
export function gridTemplate(widths: ColumnWidths): string {
  return `${widths.time}px ${widths.level}px minmax(${widths.message}px, 1fr) ${widths.labels}px`;
}
