/** What the topology screens say: empty results, errors and the outcome toasts. */
export const TOPOLOGY_MESSAGES = {
  empty: 'There are no components matching this criteria',
  notFound: 'Component not found',
  multiple: 'Response has multiple components for the id.',
  snapshotFailed: 'Error downloading file',
  linkSuccess: 'config link successful',
  unlinkSuccess: 'Deleted config link successfully',
} as const;
