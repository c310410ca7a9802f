// Schedule choices shared by the canary and scraper forms.
export * from './schedule-choices';
