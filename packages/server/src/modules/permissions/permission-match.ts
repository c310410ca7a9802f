// Whether a Permission's actions and object selectors cover a call: pure matching, so the rules (globs, a given
// selector list must match, an absent resource matches no list that requires one) are tested without a database.
import type { PermissionObject, PermissionSelector } from './permission-spec.js';

/** A playbook or resource as selectors see it (a playbook's type is empty). */
export interface Described {
  id: string;
  name: string;
  namespace: string;
  type: string;
}

/** `*` matches any run of characters, everything else literally (names and namespaces in selectors). */
export function globMatch(pattern: string, value: string): boolean {
  const re = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${re}$`).test(value);
}

/** Every field the selector gives matches. */
export function selectorMatches(s: PermissionSelector, r: Described): boolean {
  if (s.id && s.id !== r.id) return false;
  if (s.name && !globMatch(s.name, r.name)) return false;
  if (s.namespace && !globMatch(s.namespace, r.namespace)) return false;
  if (s.types && !s.types.some((t) => globMatch(t, r.type))) return false;
  return true;
}

/** A selector list that is given needs a selector matching the thing; an absent thing matches no given list. */
export function listMatches(list: PermissionSelector[] | undefined, r: Described | undefined): boolean {
  if (!list) return true;
  return !!r && list.some((s) => selectorMatches(s, r));
}

/** The permission's actions include this one, directly or through `*` / `playbook:*`. */
export function coversAction(actions: string[], action: string): boolean {
  return actions.some((a) => a === '*' || a === 'playbook:*' || a === action);
}

/** The run's resource, described for matching, by the object list that selects it. */
export type ResourcesOfRun = Partial<Record<'configs' | 'components' | 'checks', Described>>;

/** Every selector list the object gives matches: the playbook, and the run's resource of that kind. */
export function objectMatches(o: PermissionObject, playbook: Described, res: ResourcesOfRun): boolean {
  return (
    listMatches(o.playbooks, playbook) &&
    listMatches(o.configs, res.configs) &&
    listMatches(o.components, res.components) &&
    listMatches(o.checks, res.checks)
  );
}
