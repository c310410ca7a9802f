// The permissions module's public surface: the `Permission` kind of apply and the decisions other modules ask.
export { permissionKind, PERMISSION_APPLY_SOURCE } from './permission.kind.js';
export { PERMISSION_API_VERSION, PERMISSION_KIND, type PermissionDocument } from './permission-spec.js';
export {
  explainPlaybookDecision,
  playbookDecider,
  type PermissionDecision,
  type PlaybookDecision,
  type PlaybookPermissionAction,
  type PlaybookTarget,
  type RunResourceRef,
} from './playbook-permission.js';
