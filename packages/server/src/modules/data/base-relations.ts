import { MESSAGES } from '@ops/shared';
import { z } from 'zod';
import { ACTOR, NOW, literal, type RelationPolicy, type RpcPolicy, type ServerOwnedColumn } from '../../rest/index.js';

/** created_at/updated_at are the server's clock, never the client's. */
const TIMESTAMPS: Record<string, ServerOwnedColumn> = { created_at: { insert: NOW }, updated_at: { insert: NOW, update: NOW } };
const CREATED_BY: Record<string, ServerOwnedColumn> = { created_by: { insert: ACTOR } };

const uuid = z.string().uuid();
const json = z.record(z.string(), z.unknown());

/** The data-API registry entries for the shell-level tables and views of 0001_base.sql. */
export const BASE_RELATIONS: RelationPolicy[] = [
  {
    name: 'people',
    read: 'database',
    write: 'identities',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    serverOwned: { ...TIMESTAMPS },
    schema: z.object({
      name: z.string().trim().min(1),
      email: z.string().email().nullable().optional(),
      avatar: z.string().nullable().optional(),
      type: z.string().min(1).optional(),
    }),
  },
  // Identities are read-only here; their secrets live in identity_credentials, which is not registered.
  { name: 'identities', read: 'identities' },
  { name: 'people_roles', read: 'identities' },
  { name: 'roles', read: 'database' },
  {
    name: 'teams',
    read: 'database',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    // A team's spec may hold notification credentials (0017_secret_mask.sql).
    mask: { columns: ['spec'], fn: 'ops_mask_secrets', restore: 'ops_restore_secrets' },
    serverOwned: { ...TIMESTAMPS, ...CREATED_BY },
    schema: z.object({
      name: z.string().trim().min(1),
      icon: z.string().nullable().optional(),
      spec: json.optional(),
      source: z.string().nullable().optional(),
    }),
  },
  // The /settings/teams list: teams with their latest sync run (0029); no spec, so nothing to mask.
  { name: 'teams_with_status', read: 'database' },
  {
    name: 'team_members',
    read: 'database',
    operations: ['insert', 'delete', 'upsert'],
    serverOwned: { created_at: { insert: NOW } },
    schema: z.object({ team_id: uuid, person_id: uuid }),
  },
  {
    name: 'properties',
    read: 'properties',
    operations: ['insert', 'update', 'delete', 'upsert'],
    serverOwned: { ...TIMESTAMPS, ...CREATED_BY, source: { insert: literal('db') } },
    // Flags from the properties file (source 'local') are read-only.
    guard: { when: { source: 'local' }, message: MESSAGES.localFeatureFlag },
    schema: z.object({
      name: z
        .string()
        .min(1)
        .regex(/^[\w.-]+$/, 'must contain only letters, digits, "_", "." and "-"'),
      value: z.string(),
    }),
  },
  {
    name: 'agents',
    read: 'agents',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    serverOwned: { ...TIMESTAMPS, ...CREATED_BY },
    schema: z.object({
      name: z.string().trim().min(1),
      description: z.string().nullable().optional(),
      hostname: z.string().nullable().optional(),
      version: z.string().nullable().optional(),
      properties: json.optional(),
      person_id: uuid.nullable().optional(),
      cleanup: z.boolean().optional(),
    }),
  },
  { name: 'agents_summary', read: 'agents' },
  { name: 'job_history', read: 'database' },
  { name: 'job_histories', read: 'database' },
  { name: 'job_history_names', read: 'database' },
  { name: 'event_queue_summary', read: 'database' },
  {
    name: 'saved_query',
    read: 'database',
    operations: ['insert', 'update', 'delete'],
    serverOwned: { ...TIMESTAMPS, ...CREATED_BY },
    schema: z.object({ name: z.string().trim().min(1), query: json.optional() }),
  },
];

/** No base functions are callable through /rpc yet; areas register theirs in their relation lists. */
export const BASE_FUNCTIONS: RpcPolicy[] = [];
