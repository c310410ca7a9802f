export * from './refresh-rate-rules';
export * from './refresh-rate-dropdown';
export * from './use-refresh-rate';
export * from './stale-marker';
