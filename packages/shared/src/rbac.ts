/** Roles, resources and the role × resource matrix. Used by the server to enforce and by the web to mirror. */

export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
] as const;
export type RbacResource = (typeof RESOURCES)[number];

export type RbacAction = 'read' | 'write';

/** Resources hidden from editors entirely (spec: read and write both). */
const EDITOR_DENIED: ReadonlySet<RbacResource> = new Set(['connections', 'identities', 'rbac']);
/** Resources commanders, responders and viewers may not read. */
const RESPONDER_READ_DENIED: ReadonlySet<RbacResource> = new Set(['rbac', 'identities', 'connections']);
/** The only resources commanders and responders may write. */
const RESPONDER_WRITABLE: ReadonlySet<RbacResource> = new Set(['responder', 'incident', 'evidences', 'comments']);

/** Whether one role may perform an action on a resource. */
export function roleAllows(role: Role, resource: RbacResource, action: RbacAction): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return !EDITOR_DENIED.has(resource);
    case 'commander':
    case 'responder':
      if (RESPONDER_READ_DENIED.has(resource)) return false;
      return action === 'read' || RESPONDER_WRITABLE.has(resource);
    case 'viewer':
      return action === 'read' && !RESPONDER_READ_DENIED.has(resource);
  }
}

/** A user with no roles is treated as a viewer. */
export function effectiveRoles(roles: readonly string[] | null | undefined): Role[] {
  const known = (roles ?? []).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return known.length ? known : ['viewer'];
}

/** Whether any of the user's roles allows the action. */
export function can(roles: readonly string[] | null | undefined, resource: RbacResource, action: RbacAction): boolean {
  return effectiveRoles(roles).some((r) => roleAllows(r, resource, action));
}

export type PermissionMap = Record<RbacResource, { read: boolean; write: boolean }>;

/** Every resource with read/write for a set of roles, as served to the web client. */
export function permissionMap(roles: readonly string[] | null | undefined): PermissionMap {
  const out = {} as PermissionMap;
  for (const r of RESOURCES) out[r] = { read: can(roles, r, 'read'), write: can(roles, r, 'write') };
  return out;
}

/** The role shown for a user: the highest of admin, editor, viewer (the users list shows one). */
export function displayRole(roles: readonly string[] | null | undefined): 'admin' | 'editor' | 'viewer' {
  const r = roles ?? [];
  if (r.includes('admin')) return 'admin';
  if (r.includes('editor')) return 'editor';
  return 'viewer';
}

/** Roles that may press Run Now on a check. */
export const RUN_NOW_ROLES: readonly Role[] = ['admin', 'editor', 'responder', 'commander'];
