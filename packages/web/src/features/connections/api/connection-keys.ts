/** Query keys of the connections page; everything starts with 'connections' so one invalidation refreshes it all. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: ['connections', 'list'] as const,
  detail: (id: string) => ['connections', 'detail', id] as const,
};
