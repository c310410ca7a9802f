import type { ConnectionsPageRequest } from './connections-api';

/** Query keys of the connections page; everything starts with 'connections' so one invalidation refreshes it all. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (page: ConnectionsPageRequest) => ['connections', 'list', page] as const,
  detail: (id: string) => ['connections', 'detail', id] as const,
};
