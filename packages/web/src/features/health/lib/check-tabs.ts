import type { CheckSummary } from '@ops/shared';
import { ALL_TAB, TAB_BY_AGENT } from './dashboard-params';
import { tabValue } from './check-filters';
import { byText } from './check-sorting';

export interface TabOption {
  value: string;
  label: string;
}

/**
 * The tabs for a tab-by field: 'All' first, then the values sorted alphabetically.
 * Namespaces use 'none' for an empty namespace; agent tabs carry agent names (from `agentNames`).
 */
export function buildTabs(checks: readonly CheckSummary[], tabBy: string, agentNames: Readonly<Record<string, string>> = {}): TabOption[] {
  const values = new Set<string>();
  for (const check of checks) {
    const v = tabValue(check, tabBy);
    if (v !== undefined) values.add(v);
  }
  const label = (v: string): string => (tabBy === TAB_BY_AGENT ? (agentNames[v] ?? (isNilAgent(v) ? 'local' : v)) : v);
  const tabs = [...values].map((v) => ({ value: v, label: label(v) })).sort((a, b) => byText(a.label, b.label));
  return [{ value: ALL_TAB, label: 'All' }, ...tabs];
}

function isNilAgent(id: string): boolean {
  return /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(id);
}

/** Every label key of the checks, sorted (the extra Group By and Tab By options). */
export function labelKeys(checks: readonly CheckSummary[]): string[] {
  const keys = new Set<string>();
  for (const c of checks) for (const k of Object.keys(c.labels)) keys.add(k);
  return [...keys].sort(byText);
}

/** Every label of the checks as key → sorted values (the label filter's options). */
export function labelValues(checks: readonly CheckSummary[]): Array<{ key: string; values: string[] }> {
  const map = new Map<string, Set<string>>();
  for (const c of checks) {
    for (const [k, v] of Object.entries(c.labels)) {
      let set = map.get(k);
      if (!set) map.set(k, (set = new Set()));
      set.add(v);
    }
  }
  return [...map.entries()].sort(([a], [b]) => byText(a, b)).map(([key, values]) => ({ key, values: [...values].sort(byText) }));
}
