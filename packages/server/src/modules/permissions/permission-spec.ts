// The Permission document (mission-control.flanksource.com/v1) as apply accepts it: a subject (person or team),
// actions, allow or deny, and the objects it covers. Selectors are strict: a field we do not evaluate is refused
// rather than ignored, so an allow never grants more than it says.
import { z } from 'zod';

export const PERMISSION_API_VERSION = 'mission-control.flanksource.com/v1';
export const PERMISSION_KIND = 'Permission';

const glob = z.string().trim().min(1, 'must not be empty');
const selector = z.strictObject(
  {
    id: z.uuid({ error: 'must be a uuid' }).optional(),
    name: glob.optional(),
    namespace: glob.optional(),
    types: z.array(glob, { error: 'must be a list of types' }).optional(),
  },
  { error: 'must be a selector with id, name, namespace or types' },
);
const selectors = z.array(selector, { error: 'must be a list of selectors' }).min(1, 'must list at least one selector');

const permissionObject = z
  .strictObject(
    { playbooks: selectors.optional(), configs: selectors.optional(), components: selectors.optional(), checks: selectors.optional() },
    { error: 'must be an object with playbooks, configs, components or checks' },
  )
  .refine((o) => Object.values(o).some(Boolean), 'must name at least one of playbooks, configs, components or checks');

const subject = z
  .strictObject(
    { person: z.string().trim().min(1, 'must not be empty').optional(), team: z.string().trim().min(1, 'must not be empty').optional() },
    { error: 'must be an object with person or team' },
  )
  .refine((s) => Boolean(s.person) !== Boolean(s.team), 'must name exactly one of person or team');

const ACTION = /^(\*|[a-z]+(:[a-z*]+)?)$/;

export const permissionDocumentSchema = z.strictObject({
  apiVersion: z.literal(PERMISSION_API_VERSION, { error: `must be ${PERMISSION_API_VERSION}` }),
  kind: z.literal(PERMISSION_KIND),
  metadata: z.looseObject({
    name: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
    namespace: z.string().trim().min(1, 'must not be empty').optional(),
  }),
  spec: z.strictObject({
    description: z.string().optional(),
    subject,
    actions: z
      .array(z.string().regex(ACTION, 'must be an action like read, playbook:run or playbook:*'), { error: 'must be a list of actions' })
      .min(1, 'must list at least one action'),
    deny: z.boolean({ error: 'must be true or false' }).optional(),
    object: permissionObject,
  }),
  status: z.unknown().optional(),
});

export type PermissionDocument = z.infer<typeof permissionDocumentSchema>;
export type PermissionSelector = z.infer<typeof selector>;
export type PermissionObject = PermissionDocument['spec']['object'];
