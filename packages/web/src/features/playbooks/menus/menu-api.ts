// The Playbooks menu's list: the playbooks that may run on one resource (GET /api/playbook/list).
import type { PlaybookListItem, PlaybookResourceRef } from '@ops/shared';
import { api } from '../../../lib/api-client';

export const menuKeys = {
  runnable: (ref: PlaybookResourceRef) => ['playbooks', 'runnable', ref] as const,
};

/** The playbooks whose selectors match the resource, suggested ones (an event filter matched) first. */
export async function runnablePlaybooks(ref: PlaybookResourceRef, signal?: AbortSignal): Promise<PlaybookListItem[]> {
  const list = await api.get<PlaybookListItem[]>('/api/playbook/list', { query: ref, signal });
  return suggestedFirst(list);
}

/** Suggested playbooks before the rest, each part in the server's order (category, then title). */
export function suggestedFirst(list: readonly PlaybookListItem[]): PlaybookListItem[] {
  return [...list.filter((p) => p.suggested), ...list.filter((p) => !p.suggested)];
}
