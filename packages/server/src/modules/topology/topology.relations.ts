// The data-API relations of topologies (read and write 'topologies'): the components the runs produce
// and the pickers, filters and sidebar lists built on them (read-only: runs write them), the applied
// Topology specs (checked by the engine's parser) and log backends (write 'logging_backends', specs
// checked by the shared backend schema). Manual config links live with the catalogue's relations.
import { CANARY_API_VERSION, describeSpecIssue, loggingBackendSpecSchema } from '@ops/shared';
import { z } from 'zod';
import { ACTOR, NOW, literal, type RelationPolicy } from '../../rest/index.js';
import { parseTopology, TopologyValidationError } from './engine/parse-topology.js';

const read = 'topologies' as const;
// Credentials in specs (lookups' http and sql) are masked for callers who cannot write them (0017_secret_mask.sql).
const mask = { columns: ['spec'], fn: 'ops_mask_secrets', restore: 'ops_restore_secrets' };
const serverOwned = {
  created_at: { insert: NOW },
  updated_at: { insert: NOW, update: NOW },
  created_by: { insert: ACTOR },
  source: { insert: literal('UI') },
  agent_id: {},
};
const name = z
  .string()
  .trim()
  .min(1, 'is required')
  .regex(/^[^/\s](?:[^/]*[^/\s])?$/, 'must not contain "/" nor start or end with a space');
const labels = z.record(z.string(), z.string()).optional();

/** A topology's spec must be a valid Topology spec (the engine's message names the field). */
const topologySpec = z.record(z.string(), z.unknown(), { error: 'must be an object' }).superRefine((spec, ctx) => {
  try {
    parseTopology({ apiVersion: CANARY_API_VERSION, kind: 'Topology', metadata: { name: 'topology' }, spec });
  } catch (err) {
    if (!(err instanceof TopologyValidationError)) throw err;
    for (const issue of err.issues)
      ctx.addIssue({ code: 'custom', message: issue.path ? `${issue.path}: ${issue.message}` : issue.message });
  }
});

/** A log backend's spec must hold exactly one valid backend kind (the message names the field). */
const backendSpec = z.unknown().superRefine((spec, ctx) => {
  const parsed = loggingBackendSpecSchema.safeParse(spec);
  if (!parsed.success) ctx.addIssue({ code: 'custom', message: describeSpecIssue(parsed.error) });
});

export const TOPOLOGY_RELATIONS: RelationPolicy[] = [
  { name: 'components', read },
  { name: 'component_names', read },
  { name: 'components_with_logs', read },
  { name: 'component_labels', read },
  { name: 'component_types', read },
  // Team ownership links; `select=*,team:team_id(id,name,icon)` embeds the team.
  { name: 'team_components', read },
  {
    name: 'topologies',
    read,
    write: 'topologies',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    mask,
    serverOwned,
    schema: z.object({
      name,
      namespace: z.string().trim().min(1, 'must not be empty').optional(),
      icon: z.string().nullable().optional(),
      labels,
      spec: topologySpec,
      deleted_at: z.string().nullable().optional(),
    }),
  },
  { name: 'topologies_with_status', read, mask },
  {
    name: 'logging_backends',
    read: 'logging_backends',
    write: 'logging_backends',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    mask,
    serverOwned,
    schema: z.object({
      name: z.string().trim().min(1, 'is required'),
      labels,
      spec: backendSpec,
      deleted_at: z.string().nullable().optional(),
    }),
  },
  { name: 'logging_backends_with_status', read: 'logging_backends', mask },
];
