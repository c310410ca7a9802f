/** The logs viewer's texts (kept verbatim: users and tests look for them). */
export const LOGS_MESSAGES = {
  noComponent: 'Please select a component to view the logs',
  empty: 'No logs matching the search query',
  componentsFailed: 'Unable to load components!',
  downloaded: 'Downloaded logs',
  downloadFailed: 'Failed to download logs',
} as const;
