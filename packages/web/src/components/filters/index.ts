// Filters bound to URL params: dropdown ('all' dropped), tri-state include/exclude, debounced search.
export * from './dropdown-filter';
export * from './search-box';
export * from './tri-state';
export * from './tri-state-filter';
export * from './url-params';
export * from './use-debounced-callback';
export * from './use-tri-state-url';
export * from './use-url-state';
