import { PLAYBOOK_DEFAULT_CATEGORY } from '@ops/shared';

export interface PlaybookGroup<T> {
  category: string;
  playbooks: T[];
}

/**
 * /playbooks shows cards under their category: a missing or blank category is 'Other'; categories in
 * alphabetical order with 'Other' last, and cards by title inside each.
 */
export function groupPlaybooks<T extends { title: string; category?: string | null }>(rows: readonly T[]): PlaybookGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const category = row.category?.trim() || PLAYBOOK_DEFAULT_CATEGORY;
    const list = groups.get(category) ?? [];
    list.push(row);
    groups.set(category, list);
  }
  const rank = (c: string) => (c === PLAYBOOK_DEFAULT_CATEGORY ? 1 : 0);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, playbooks]) => ({ category, playbooks: [...playbooks].sort((a, b) => a.title.localeCompare(b.title)) }));
}
