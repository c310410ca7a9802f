import { logsResponseSchema, type LogsQuery, type LogsResponse } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db } from '../../../lib/db';

/** A component that has log selectors, as the picker lists it. */
export interface ComponentWithLogs {
  id: string;
  name: string;
  logs: Array<{ name: string }>;
}

export const logsKeys = {
  all: ['logs'] as const,
  components: () => ['logs', 'components'] as const,
  lines: (q: Omit<LogsQuery, 'cursor'>) => ['logs', 'lines', q] as const,
};

/** Components with at least one `logs` entry, by name. */
export async function componentsWithLogs(signal?: AbortSignal): Promise<ComponentWithLogs[]> {
  const res = await db.get<ComponentWithLogs>('components_with_logs', { select: 'id,name,logs', order: 'name.asc' }, { signal });
  return res.data.map((c) => ({ ...c, logs: Array.isArray(c.logs) ? c.logs.filter((l) => typeof l?.name === 'string') : [] }));
}

/** One page of lines, newest first; `next_cursor` asks for the older page after it. */
export async function fetchLogs(query: LogsQuery, signal?: AbortSignal): Promise<LogsResponse> {
  const body = await api.post<unknown>('/api/logs', query, { signal });
  return logsResponseSchema.parse(body);
}
