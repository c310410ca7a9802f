import type { CheckSummary } from '@ops/shared';
import { ALL_TAB, TAB_BY_AGENT } from './dashboard-params';

/** The id of a label as the labels param and the label filter use it: 'key=value'. */
export function labelId(key: string, value: string): string {
  return `${key}=${value}`;
}

/** Splits a label id back into key and value (the value may itself contain '='). */
export function splitLabelId(id: string): { key: string; value: string | undefined } {
  const at = id.indexOf('=');
  return at < 0 ? { key: id, value: undefined } : { key: id.slice(0, at), value: id.slice(at + 1) };
}

/** A passing check is a healthy one: what the header counts as passing is what hidePassing hides. */
export function isPassing(check: CheckSummary): boolean {
  return check.status === 'healthy';
}

/** Case-insensitive match of the search text in the name, description, endpoint or canary name. */
export function matchesText(check: CheckSummary, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [check.name, check.description, check.endpoint, check.canary_name].some((f) => !!f && f.toLowerCase().includes(q));
}

function hasLabel(check: CheckSummary, id: string): boolean {
  const { key, value } = splitLabelId(id);
  const actual = check.labels[key];
  return actual !== undefined && (value === undefined || actual === value);
}

/**
 * Tri-state label filter (0 none, 1 include, -1 exclude): a check must carry every included label
 * and none of the excluded ones.
 */
export function matchesLabels(check: CheckSummary, labels: Readonly<Record<string, 1 | -1>>): boolean {
  for (const [id, state] of Object.entries(labels)) {
    if (state === 1 && !hasLabel(check, id)) return false;
    if (state === -1 && hasLabel(check, id)) return false;
  }
  return true;
}

/** The value of the tab-by field for a check: its namespace ('none' when empty), agent id, or label. */
export function tabValue(check: CheckSummary, tabBy: string): string | undefined {
  if (tabBy === 'namespace') return check.namespace || 'none';
  if (tabBy === TAB_BY_AGENT) return check.agent_id;
  return check.labels[tabBy];
}

/** Whether a check belongs to the selected tab ('all' holds every check). */
export function matchesTab(check: CheckSummary, tabBy: string, tab: string): boolean {
  return tab === ALL_TAB || tabValue(check, tabBy) === tab;
}

export interface CheckFilter {
  query: string;
  labels: Readonly<Record<string, 1 | -1>>;
  hidePassing: boolean;
  tabBy: string;
  tab: string;
}

/** The checks the dashboard shows: search, labels, passing and tab filters in one pass. */
export function filterChecks(checks: readonly CheckSummary[], filter: CheckFilter): CheckSummary[] {
  const shown = matchesOtherFilters(filter);
  return checks.filter((c) => shown(c) && !(filter.hidePassing && isPassing(c)));
}

/** How many checks 'hide passing' hides among those the tab, labels and search show (the note's count). */
export function hiddenPassingCount(checks: readonly CheckSummary[], filter: CheckFilter): number {
  if (!filter.hidePassing) return 0;
  const shown = matchesOtherFilters(filter);
  return checks.reduce((n, c) => (isPassing(c) && shown(c) ? n + 1 : n), 0);
}

// Every filter but 'hide passing'.
function matchesOtherFilters(filter: CheckFilter): (c: CheckSummary) => boolean {
  const hasLabels = Object.keys(filter.labels).length > 0;
  return (c) => matchesTab(c, filter.tabBy, filter.tab) && (!hasLabels || matchesLabels(c, filter.labels)) && matchesText(c, filter.query);
}
