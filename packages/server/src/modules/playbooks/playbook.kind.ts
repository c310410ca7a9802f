// `Playbook` (mission-control.flanksource.com/v1) in `POST /api/resources/apply`, `ops apply` and `ops get
// playbooks`: the document is validated (shape, templates, CEL; errors name the field), upserted by namespace and
// name with title, icon, description and category copied out of the spec; delete is a soft delete.
import { PLAYBOOK_API_VERSION, PLAYBOOK_KIND } from '@ops/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { Principal } from '../identity/index.js';
import {
  listPlaybooks,
  playbookByName,
  softDeletePlaybook,
  upsertPlaybook,
  webhookPathOwner,
  type PlaybookRow,
} from './playbooks.repository.js';
import { parsePlaybook, playbookSummary, PlaybookValidationError, type PlaybookDocument } from './spec/parse-playbook.js';

/** Source of playbooks written by apply (the UI writes 'UI'). */
export const PLAYBOOK_APPLY_SOURCE = 'apply';

// Field paths of messages (`spec.actions[0].exec.script`) as zod issue paths.
function pathSegments(path: string): Array<string | number> {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

const playbookDocumentSchema = z.unknown().transform((value, ctx): PlaybookDocument => {
  try {
    return parsePlaybook(value);
  } catch (err) {
    if (!(err instanceof PlaybookValidationError)) throw err;
    for (const i of err.issues) ctx.addIssue({ code: 'custom', message: i.message, path: pathSegments(i.path) });
    return z.NEVER;
  }
});

function toResource(p: PlaybookRow) {
  return {
    apiVersion: PLAYBOOK_API_VERSION,
    kind: PLAYBOOK_KIND,
    metadata: {
      name: p.name,
      namespace: p.namespace,
      uid: p.id,
      createdAt: new Date(p.created_at).toISOString(),
      updatedAt: new Date(p.updated_at).toISOString(),
    },
    spec: p.spec,
    status: { title: p.title, category: p.category, source: p.source },
  };
}

/** The Playbook kind for the apply registry (resources/kinds.ts wraps it with defineKind). */
export function playbookKind() {
  return {
    kind: PLAYBOOK_KIND,
    apiVersions: [PLAYBOOK_API_VERSION],
    aliases: ['playbook', 'playbooks'],
    resource: 'playbooks' as const,
    namespaced: true,
    supported: true as const,
    schema: playbookDocumentSchema as unknown as z.ZodType<PlaybookDocument>,
    columns: [
      { header: 'TITLE', path: 'status.title' },
      { header: 'CATEGORY', path: 'status.category' },
      { header: 'SOURCE', path: 'status.source' },
      { header: 'UPDATED', path: 'metadata.updatedAt' },
    ],
    async apply(doc: PlaybookDocument, principal: Principal, db: Kysely<Database>) {
      const { metadata, spec } = parsePlaybook(doc);
      const path = spec.on?.webhook?.path;
      const owner = path ? await webhookPathOwner(db, path, metadata) : undefined;
      if (owner) {
        throw new HttpError(409, `spec.on.webhook.path: ${path} is already the webhook of playbook ${owner.namespace}/${owner.name}`);
      }
      const { id, action } = await upsertPlaybook(
        db,
        {
          name: metadata.name,
          namespace: metadata.namespace,
          ...playbookSummary(metadata.name, spec),
          spec,
          source: PLAYBOOK_APPLY_SOURCE,
        },
        principal.id,
      );
      return { kind: PLAYBOOK_KIND, name: metadata.name, namespace: metadata.namespace, id, action };
    },
    async list(db: Kysely<Database>, query: { namespace?: string; limit: number; offset: number }) {
      return (await listPlaybooks(db, query)).map(toResource);
    },
    async get(db: Kysely<Database>, name: string, namespace?: string) {
      const p = await playbookByName(db, namespace ?? 'default', name);
      return p && toResource(p);
    },
    async delete(db: Kysely<Database>, name: string, namespace: string | undefined) {
      const p = await playbookByName(db, namespace ?? 'default', name);
      return !!p && (await softDeletePlaybook(db, p.id));
    },
  };
}
