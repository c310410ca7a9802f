// Grouping for the viewer: lines with the same values of the groupBy fields form a group, the
// labels every line of a group shares move up to the group, and lines dedupe inside each group.
import { dedupeLogs } from './dedupe.js';
import { fieldKey } from './fields.js';
import { type LogLine, setLabel } from './log-line.js';

export interface LogGroup {
  labels: Record<string, string>;
  logs: LogLine[];
}

export interface GroupOptions {
  groupBy?: readonly string[];
  dedupBy?: readonly string[];
  messageFields?: readonly string[];
}

/** Without groupBy: the (deduplicated) lines. With it: the groups, in order of first appearance. */
export type GroupedLogs = { logs: LogLine[]; groups?: undefined } | { groups: LogGroup[]; logs?: undefined };

function commonLabels(lines: readonly LogLine[]): Record<string, string> {
  const common: Record<string, string> = { ...lines[0]!.labels };
  // Own-property checks: a label named like an Object method must not match the prototype's.
  for (let i = 1; i < lines.length; i++) {
    const labels = lines[i]!.labels;
    for (const key of Object.keys(common)) if (!Object.hasOwn(labels, key) || labels[key] !== common[key]) delete common[key];
  }
  return common;
}

function withoutLabels(line: LogLine, remove: Record<string, string>): LogLine {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(line.labels)) if (!Object.hasOwn(remove, key)) setLabel(labels, key, value);
  return { ...line, labels };
}

/** Groups and deduplicates lines; the input lines are not modified. */
export function groupLogs(lines: readonly LogLine[], options: GroupOptions = {}): GroupedLogs {
  const dedupe = (group: readonly LogLine[]) => dedupeLogs(group, { fields: options.dedupBy ?? [], messageFields: options.messageFields });
  const groupBy = options.groupBy ?? [];
  if (groupBy.length === 0) return { logs: dedupe(lines) };
  const byKey = new Map<string, LogLine[]>();
  for (const line of lines) {
    const key = fieldKey(line, groupBy, options.messageFields);
    const members = byKey.get(key);
    if (members) members.push(line);
    else byKey.set(key, [line]);
  }
  const groups: LogGroup[] = [];
  for (const members of byKey.values()) {
    const labels = commonLabels(members);
    groups.push({ labels, logs: dedupe(members.map((line) => withoutLabels(line, labels))) });
  }
  return { groups };
}
