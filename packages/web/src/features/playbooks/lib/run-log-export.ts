import { playbookLogFileName, type PlaybookRunActionDetail, type PlaybookRunWire } from '@ops/shared';
import { actionLogParts } from './log-lines';

export type RunLogFormat = 'log' | 'json';

/** The download's file name: `playbookname-starttime.log` or `.json`. */
export function runLogFileName(run: Pick<PlaybookRunWire, 'playbook' | 'start_time' | 'created_at'>, format: RunLogFormat): string {
  return `${playbookLogFileName(run.playbook.name, isoTime(run.start_time ?? run.created_at))}.${format}`;
}

/** A timestamp as ISO UTC ('…+00:00' from PostgreSQL becomes '…Z'), so file names read the same for every run. */
function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

/**
 * The whole run's log as text: a header line per action attempt (name, attempt, status, times), then its
 * stdout, stderr, result and error as the log pane shows them; the run's own error when it has one.
 */
export function runLogText(run: PlaybookRunWire, actions: readonly PlaybookRunActionDetail[]): string {
  const out: string[] = [`# ${run.playbook.title} (${run.playbook.name}) run ${run.id}: ${run.status}`];
  if (run.error) out.push(`# error: ${run.error}`);
  for (const action of actions) {
    const attempt = action.attempt > 1 ? ` attempt ${action.attempt}` : '';
    out.push('', `## ${action.name}${attempt}: ${action.status} (${action.start_time ?? '-'} → ${action.end_time ?? '-'})`);
    for (const part of actionLogParts(action)) {
      const text = part.text.endsWith('\n') ? part.text.slice(0, -1) : part.text;
      out.push(part.stream === 'stdout' ? text : `[${part.stream}]\n${text}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** The whole run as JSON: the run (without its action list) and each action attempt with its result. */
export function runLogJson(run: PlaybookRunWire, actions: readonly PlaybookRunActionDetail[]): string {
  const { actions: _list, ...rest } = run;
  void _list;
  return JSON.stringify({ run: rest, actions }, null, 2);
}
