import type { RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // Extra per-column settings the data table understands (declaration merging; T unused by design).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the body cells of the column (width, alignment). */
    className?: string;
    /** Classes for the header cell. */
    headerClassName?: string;
    /** The order a first click on the header sorts by (default 'asc'). */
    firstSortOrder?: 'asc' | 'desc';
  }
}

export {};
