// The playbooks table through /api/db: the live list for /playbooks, names for filters, create, update and
// soft delete from the spec dialog and the card menu.
import type { DbRow } from '@ops/shared';
import { db } from '../../../lib/db';

/** A live playbook as /playbooks lists it (title, icon, description and category are copied from the spec). */
export type PlaybookRow = Omit<DbRow<'playbooks'>, 'spec' | 'created_by' | 'deleted_at'> & { spec: Record<string, unknown> };

/** A playbook's name and title, for the runs filter. */
export type PlaybookName = Pick<PlaybookRow, 'id' | 'name' | 'title' | 'icon' | 'category'>;

/** The columns a save writes: the name comes from the title, the rest from the spec. */
export interface PlaybookWrite {
  name?: string;
  title: string;
  spec: Record<string, unknown>;
  category?: string;
  description?: string | null;
  icon?: string | null;
}

/** Every live playbook, ordered by category then title (GET /playbooks?deleted_at=is.null). */
export async function listPlaybooks(signal?: AbortSignal): Promise<PlaybookRow[]> {
  const res = await db.get<PlaybookRow>('playbooks', { select: '*', deleted_at: 'is.null', order: 'category.asc,title.asc' }, { signal });
  return res.data;
}

/** The names of live playbooks for pickers (GET /playbook_names). */
export async function listPlaybookNames(signal?: AbortSignal): Promise<PlaybookName[]> {
  const res = await db.get<PlaybookName>('playbook_names', { select: 'id,name,title,icon,category', order: 'title.asc' }, { signal });
  return res.data;
}

/** POST /playbooks; the server validates the spec (400 naming the field), sets created_by and source. */
export async function createPlaybook(row: PlaybookWrite): Promise<PlaybookRow | undefined> {
  const [created] = await db.post<PlaybookRow>('playbooks', row);
  return created;
}

/** PATCH /playbooks?id=eq.{id} with the edited title and spec. */
export async function updatePlaybook(id: string, row: PlaybookWrite): Promise<void> {
  await db.patch('playbooks', { id: `eq.${id}` }, row, { returnRows: false });
}

/** Playbooks are soft-deleted: PATCH deleted_at to now. */
export async function deletePlaybook(id: string): Promise<void> {
  await db.softDelete('playbooks', id);
}
