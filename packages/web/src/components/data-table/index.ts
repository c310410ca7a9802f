// The app's data table: `DataTable` + `useTableUrlState`, shared cells, and the pure paging helpers.
export * from './cells';
export * from './data-table';
export * from './table-state';
export * from './use-table-url-state';
