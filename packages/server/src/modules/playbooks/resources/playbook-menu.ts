// What the Playbooks menu and the run dialog read for a resource: the playbooks that may run on it with
// their parameters rendered for it and the caller (suggested ones first), and one playbook's parameters.
import type { PlaybookListItem, PlaybookParameterWire, PlaybookResourceRef } from '@ops/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { playbookById } from '../playbooks.repository.js';
import { renderParameters, type ParamsEnv } from './render-params.js';
import { runnablePlaybooks } from './resource-match.js';
import { loadRunResource, type RunResource } from './resource-ref.js';
import type { PlaybookRowShape } from './spec-shape.js';
import { isSuggested } from './suggested.js';
import { loadUser, renderEnv, type TemplateUser } from './template-env.js';

/**
 * The runnable playbooks of a resource (or of none), suggested first, then by category and title; `visible` drops
 * those the caller may not run (a Permission denying them), so the menu offers nothing that would be refused.
 */
export async function playbookMenu(
  db: Kysely<Database>,
  ref: PlaybookResourceRef,
  callerId: string,
  visible: (row: PlaybookRowShape) => boolean = () => true,
): Promise<PlaybookListItem[]> {
  const resource = await loadRunResource(db, ref);
  const [all, user] = await Promise.all([runnablePlaybooks(db, ref), loadUser(db, callerId).catch(() => undefined)]);
  const rows = all.filter(visible);
  const items = await Promise.all(
    rows.map(async (row): Promise<PlaybookListItem> => {
      const item: PlaybookListItem = {
        id: row.id,
        name: row.name,
        title: row.title,
        icon: row.icon,
        description: row.description,
        category: row.category,
        parameters: renderParameters(row.spec, await paramsEnv(row, resource, user)),
      };
      if (isSuggested(row.spec, resource)) item.suggested = true;
      return item;
    }),
  );
  return [...items.filter((i) => i.suggested), ...items.filter((i) => !i.suggested)];
}

/** One live playbook's parameters for a resource; 404 for an unknown playbook or resource. */
export async function playbookParams(
  db: Kysely<Database>,
  playbookId: string,
  ref: PlaybookResourceRef,
  callerId: string,
): Promise<PlaybookParameterWire[]> {
  const row = await playbookById(db, playbookId);
  if (!row) throw notFound(`Playbook ${playbookId} not found`);
  const [resource, user] = await Promise.all([loadRunResource(db, ref), loadUser(db, callerId).catch(() => undefined)]);
  return renderParameters(row.spec, await paramsEnv(row, resource, user));
}

// The template data of a parameter default; an env entry whose secret is missing renders as nothing here
// (the run itself reports it).
async function paramsEnv(row: PlaybookRowShape, resource: RunResource, user: TemplateUser | undefined): Promise<ParamsEnv> {
  const base: ParamsEnv = {
    ...resource,
    env: {},
    playbook: {
      id: row.id,
      name: row.name,
      title: row.title,
      namespace: row.namespace,
      category: row.category,
      description: row.description,
    },
  };
  if (user) base.user = user;
  base.env = await renderEnv(row.spec, { ...base, params: {} }).catch(() => ({}));
  return base;
}
