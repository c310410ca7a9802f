// The data a run's templates and CEL expressions see: the resource (`.config`, `.component`, `.check`),
// `.params`, the playbook's rendered `.env`, `.user` (who started it), `.playbook`, `.run` and, for a
// webhook, `.request`. Built once per run by the engine and per menu by the read routes.
import { renderTemplate } from '@ops/shared/expr';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { createStaticSecretResolver } from '../../health/index.js';
import type { RunResource } from './resource-ref.js';
import type { SpecShape } from './spec-shape.js';

export interface TemplateUser {
  id: string;
  name: string;
  email: string | null;
}

export interface TemplatePlaybook {
  id: string;
  name: string;
  title: string;
  namespace?: string;
  category?: string;
  description?: string | null;
  [key: string]: unknown;
}

/** The template data without the run's own parts: what a parameter default sees before a run exists. */
export interface TemplateEnvBase extends RunResource {
  env: Record<string, string>;
  user?: TemplateUser;
  playbook: TemplatePlaybook;
  request?: unknown;
}

export interface TemplateEnv extends TemplateEnvBase {
  params: Record<string, unknown>;
  run: { id: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface TemplateEnvInput {
  playbook: {
    id: string;
    name: string;
    title: string;
    spec: SpecShape;
    namespace?: string;
    category?: string;
    description?: string | null;
  };
  run: { id: string; parameters: Record<string, unknown>; created_by?: string | null; request?: unknown };
  resource: RunResource;
}

/** A spec's env entry that cannot be resolved; the message names the entry. */
export class TemplateEnvError extends Error {}

/** The template data of a run; env values are rendered against the rest, secret references read now. */
export async function buildTemplateEnv(db: Kysely<Database>, input: TemplateEnvInput): Promise<TemplateEnv> {
  const { playbook, run, resource } = input;
  const base: TemplateEnv = {
    ...resource,
    params: run.parameters,
    env: {},
    playbook: {
      id: playbook.id,
      name: playbook.name,
      title: playbook.title,
      namespace: playbook.namespace ?? 'default',
      category: playbook.category,
      description: playbook.description ?? null,
    },
    run: { id: run.id, parameters: run.parameters, created_by: run.created_by ?? null },
  };
  const user = run.created_by ? await loadUser(db, run.created_by) : undefined;
  if (user) base.user = user;
  if (run.request !== undefined) base.request = run.request;
  base.env = await renderEnv(playbook.spec, base);
  return base;
}

/** Who a template's `.user` is: a person row by id. */
export async function loadUser(db: Kysely<Database>, personId: string): Promise<TemplateUser | undefined> {
  const { rows } = await sql<TemplateUser>`SELECT id::text AS id, name, email FROM people WHERE id = ${personId}::uuid`.execute(db);
  return rows[0];
}

/** The spec's `env` as name → value: plain values rendered as templates, `valueFrom` read from the secret source. */
export async function renderEnv(
  spec: SpecShape,
  data: Omit<TemplateEnvBase, 'env'> & { params?: unknown; run?: unknown },
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const namespace = data.playbook.namespace || 'default';
  const secrets = createStaticSecretResolver({ env: process.env });
  for (const [i, entry] of (spec.env ?? []).entries()) {
    const where = `spec.env[${i}]`;
    const from = (entry as { valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef } }).valueFrom;
    if (!from) {
      out[entry.name] = entry.value === undefined || entry.value === null ? '' : render(String(entry.value), { ...data, env: out }, where);
      continue;
    }
    const ref = from.secretKeyRef ?? from.configMapKeyRef;
    if (!ref?.name || !ref.key)
      throw new TemplateEnvError(`${where}.valueFrom: a secretKeyRef or configMapKeyRef with name and key is required`);
    const kind = from.secretKeyRef ? 'secret' : 'configmap';
    const value = await secrets.lookup({ kind, namespace, name: ref.name, key: ref.key });
    if (value === undefined)
      throw new TemplateEnvError(
        `${where}.valueFrom: ${kind === 'secret' ? 'secret' : 'config map'} "${namespace}/${ref.name}" has no key "${ref.key}"`,
      );
    out[entry.name] = value;
  }
  return out;
}

interface KeyRef {
  name?: string;
  key?: string;
}

function render(text: string, data: unknown, where: string): string {
  try {
    return renderTemplate(text, data, { noValue: '' });
  } catch (e) {
    throw new TemplateEnvError(`${where}.value: ${(e as Error).message}`);
  }
}
