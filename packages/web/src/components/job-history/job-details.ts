import type { JobHistoryRow } from '../../lib/job-history-row';

export type JobDetailTab = 'errors' | 'scrape_summary' | 'summary';

export const JOB_DETAIL_TAB_LABELS: Record<JobDetailTab, string> = {
  errors: 'Errors',
  scrape_summary: 'Scrape Summary',
  summary: 'Reconcile Summary',
};

/** One error as shown: a message and, for error objects, the rest of their fields. */
export interface JobError {
  message: string;
  extra?: Record<string, unknown>;
}

function hasContent(value: unknown): boolean {
  if (value == null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function toError(value: unknown, key?: string): JobError {
  if (typeof value === 'string') return { message: key ? `${key}: ${value}` : value };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { error, message, ...extra } = value as Record<string, unknown>;
    const text = typeof error === 'string' ? error : typeof message === 'string' ? message : JSON.stringify(value);
    const withKey = key ? `${key}: ${text}` : text;
    return Object.keys(extra).length ? { message: withKey, extra } : { message: withKey };
  }
  return { message: key ? `${key}: ${String(value)}` : String(value) };
}

/**
 * The errors of a run: details.errors as a string, a list or a map of error objects, plus the
 * row's own errors column, without repeats.
 */
export function jobErrors(job: Pick<JobHistoryRow, 'details' | 'errors'>): JobError[] {
  const raw = job.details?.errors;
  const list: JobError[] = [];
  if (typeof raw === 'string') {
    if (raw.trim()) list.push({ message: raw });
  } else if (Array.isArray(raw)) {
    for (const item of raw) if (hasContent(item)) list.push(toError(item));
  } else if (raw && typeof raw === 'object') {
    for (const [key, item] of Object.entries(raw)) if (hasContent(item)) list.push(toError(item, key));
  }
  for (const text of job.errors ?? []) {
    if (text.trim() && !list.some((e) => e.message === text)) list.push({ message: text });
  }
  return list;
}

/** The detail tabs that have content, in display order; empty means no dialog opens. */
export function jobDetailTabs(job: Pick<JobHistoryRow, 'details' | 'errors'>): JobDetailTab[] {
  const tabs: JobDetailTab[] = [];
  if (jobErrors(job).length) tabs.push('errors');
  if (hasContent(job.details?.scrape_summary)) tabs.push('scrape_summary');
  if (hasContent(job.details?.summary)) tabs.push('summary');
  return tabs;
}
