import { can, type RbacResource } from '@ops/shared';
import { permissionDenied } from '../errors.js';
import type { Actor, RelationPolicy } from '../types.js';

/** The resource writes to a relation are checked against. */
export const writeResource = (policy: RelationPolicy): RbacResource => policy.write ?? policy.read;

/** 403 (42501) unless the actor's roles may read the relation's resource. */
export function requireRead(actor: Actor, policy: RelationPolicy): void {
  if (!can(actor.roles, policy.read, 'read')) {
    throw permissionDenied(policy.name, `Reading '${policy.name}' requires read permission on '${policy.read}'`);
  }
}

/** 403 (42501) unless the actor's roles may write the relation's resource. */
export function requireWrite(actor: Actor, policy: RelationPolicy): void {
  const resource = writeResource(policy);
  if (!can(actor.roles, resource, 'write')) {
    throw permissionDenied(policy.name, `Changing '${policy.name}' requires write permission on '${resource}'`);
  }
}
