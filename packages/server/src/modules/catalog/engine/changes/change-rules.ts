import { celBool, template } from '../expr.js';
import type { ChangeMapping } from '../spec/common.schema.js';
import type { ChangeResult } from '../types.js';

// Change rules: built-in ones plus a scraper's `transform.changes.mapping` retype, re-rate or
// act on changes (`action: delete` deletes the item, `ignore` keeps the change unsaved);
// `transform.changes.exclude` drops changes outright. Conditions are CEL.

/** One rule: `config` selects items (CEL over the item), `when` selects changes (CEL over the change). */
export interface ChangeRule {
  config?: string;
  when: string;
  type?: string;
  severity?: string;
  action?: string;
  /** Go template over the change's variables, replacing its summary. */
  summary?: string;
}

/**
 * Rules applied to every scrape before the scraper's own mappings. config-db's rule list at the
 * version we follow defines none, so neither do we; the mechanism stays for product rules.
 */
export const BUILTIN_CHANGE_RULES: readonly ChangeRule[] = [];

/** Item fields that would clash with change fields are renamed (config_external_id, …). */
const OVERLAP = new Set(['external_id', 'source', 'created_at']);

/**
 * Variables a rule sees: the change's fields, `change` (the same, nested), `patch` (what changed,
 * as a merge patch) and the item's variables (config, config_type, name, …).
 */
export function changeEnv(change: ChangeResult, configEnv: Record<string, unknown>): Record<string, unknown> {
  const { merge_patch, ...fields } = change;
  const env: Record<string, unknown> = {
    details: {},
    summary: '',
    severity: '',
    action: '',
    ...fields,
    change: { ...fields },
    patch: merge_patch ?? null,
  };
  for (const [k, v] of Object.entries(configEnv)) env[OVERLAP.has(k) ? `config_${k}` : k] = v;
  env.config_type = change.config_type || configEnv.config_type;
  return env;
}

/** Turn `transform.changes.mapping` entries into rules. */
export function mappingRules(mapping: readonly ChangeMapping[] | undefined): ChangeRule[] {
  return (mapping ?? []).map((m) => ({ when: m.filter ?? '', type: m.type, severity: m.severity, action: m.action, summary: m.summary }));
}

export interface ChangeRulesOutcome {
  changes: ChangeResult[];
  /** How many changes an exclude expression dropped. */
  excluded: number;
  /** Rules that failed to evaluate; the change is kept unmapped by that rule. */
  errors: string[];
}

/** Apply exclusions, then built-in rules, then the scraper's mappings, to the changes of one item. */
export function applyChangeRules(
  changes: readonly ChangeResult[],
  configEnv: Record<string, unknown>,
  spec: { mapping?: ChangeMapping[]; exclude?: string[] } | undefined,
  builtin: readonly ChangeRule[] = BUILTIN_CHANGE_RULES,
): ChangeRulesOutcome {
  const rules = [...builtin, ...mappingRules(spec?.mapping)];
  const errors = new Set<string>();
  const kept: ChangeResult[] = [];
  let excluded = 0;
  for (const original of changes) {
    const change = { ...original };
    const env = changeEnv(change, configEnv);
    const drop = (spec?.exclude ?? []).some((expr) => {
      try {
        return celBool(expr, env);
      } catch (err) {
        errors.add(`changes.exclude ${JSON.stringify(expr.trim())}: ${(err as Error).message}`);
        return false;
      }
    });
    if (drop) {
      excluded++;
      continue;
    }
    for (const rule of rules) {
      try {
        if (rule.config && !celBool(rule.config, configEnv)) continue;
        if (rule.when && !celBool(rule.when, changeEnv(change, configEnv))) continue;
        if (rule.type) change.change_type = rule.type;
        if (rule.severity) change.severity = rule.severity;
        if (rule.action) change.action = rule.action;
        if (rule.summary) change.summary = template(rule.summary, changeEnv(change, configEnv));
      } catch (err) {
        errors.add(`changes.mapping ${JSON.stringify(rule.when.trim())}: ${(err as Error).message}`);
      }
    }
    kept.push(change);
  }
  return { changes: kept, excluded, errors: [...errors] };
}
