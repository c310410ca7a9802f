// The data-API relations of playbooks: the playbooks themselves (read 'playbooks'; writers create, edit and
// soft-delete them, every spec checked by the parser so a 400 names the field), the names for pickers, and the
// runs, their actions and approvals (read 'playbook_runs'; only the engine writes them).
import { z } from 'zod';
import { ACTOR, NOW, literal, type RelationPolicy } from '../../rest/index.js';
import { parsePlaybookSpec, PlaybookValidationError } from './spec/parse-playbook.js';

// Credentials in specs (http passwords, headers, webhook secrets) are masked for callers who cannot write them.
const mask = { columns: ['spec'], fn: 'ops_mask_secrets', restore: 'ops_restore_secrets' };

/** A playbook's spec must be a valid Playbook spec: shape, templates and CEL (the message names the field). */
const playbookSpec = z.unknown().superRefine((spec, ctx) => {
  try {
    parsePlaybookSpec(spec);
  } catch (err) {
    if (!(err instanceof PlaybookValidationError)) throw err;
    for (const issue of err.issues)
      ctx.addIssue({ code: 'custom', message: issue.path ? `${issue.path}: ${issue.message}` : issue.message });
  }
});

const text = z.string({ error: 'must be a string' });
const nonEmpty = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' });

export const PLAYBOOK_RELATIONS: RelationPolicy[] = [
  {
    name: 'playbooks',
    read: 'playbooks',
    write: 'playbooks',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    mask,
    serverOwned: {
      created_at: { insert: NOW },
      updated_at: { insert: NOW, update: NOW },
      created_by: { insert: ACTOR },
      source: { insert: literal('UI') },
    },
    schema: z.object({
      // Derived from the title when left out (lowercase, '-' for other characters, unique in the namespace).
      name: text
        .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, {
          error: "must be lowercase letters, digits, '-' and '.', starting and ending with a letter or digit",
        })
        .max(253, { error: 'must be at most 253 characters' })
        .optional(),
      namespace: nonEmpty.optional(),
      title: nonEmpty,
      spec: playbookSpec,
      category: nonEmpty.optional(),
      description: text.nullable().optional(),
      icon: text.nullable().optional(),
      deleted_at: text.nullable().optional(),
    }),
  },
  // Live playbooks for pickers and filters.
  { name: 'playbook_names', read: 'playbooks' },
  // The runs list: `select=*,playbooks(id,name,title,icon)` embeds the playbook; filters by status, playbook_id,
  // component_id, config_id, check_id and start_time. The webhook request (its headers) stays server-side.
  { name: 'playbook_runs', read: 'playbook_runs', mask, hidden: ['request', 'claimed_by', 'lease_until'] },
  { name: 'playbook_run_actions', read: 'playbook_runs', hidden: ['claimed_by'] },
  { name: 'playbook_approvals', read: 'playbook_runs' },
];
