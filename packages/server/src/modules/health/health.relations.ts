// The data-API relations of health checks (read 'canaries', write 'canaries' for canaries). Canary
// writes are validated with the engine's rules; the database trigger marks them for the scheduler,
// which syncs their checks and schedules them within a second.
import { z } from 'zod';
import { ACTOR, NOW, literal, type RelationPolicy } from '../../rest/index.js';
import { canarySpecSchema } from './canary-validation.js';

const read = 'canaries' as const;
// Credentials in specs are masked for callers who cannot write canaries (0017_secret_mask.sql).
const mask = { columns: ['spec'], fn: 'ops_mask_secrets', restore: 'ops_restore_secrets' };

export const HEALTH_RELATIONS: RelationPolicy[] = [
  {
    name: 'canaries',
    read,
    write: 'canaries',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    mask,
    serverOwned: {
      created_at: { insert: NOW },
      updated_at: { insert: NOW, update: NOW },
      created_by: { insert: ACTOR },
      source: { insert: literal('UI') },
      agent_id: {},
    },
    schema: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'is required')
        .regex(/^[^/\s](?:[^/]*[^/\s])?$/, 'must not contain "/" nor start or end with a space'),
      namespace: z.string().trim().min(1, 'must not be empty').optional(),
      labels: z.record(z.string(), z.string()).optional(),
      spec: canarySpecSchema,
      deleted_at: z.string().nullable().optional(),
    }),
  },
  { name: 'canaries_with_status', read, mask },
  { name: 'checks', read, mask },
  { name: 'check_statuses', read },
  { name: 'check_names', read },
  { name: 'checks_by_component', read },
  { name: 'check_summary_for_config', read },
  { name: 'check_component_relationships', read },
  { name: 'check_config_relationships', read },
];
