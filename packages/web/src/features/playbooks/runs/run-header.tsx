import type { PlaybookRunWire } from '@ops/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateCell, PersonCell } from '../../../components/data-table';
import { formatRunDuration, runDurationMs, runQueuedMs } from '../lib/run-times';
import { PlaybookIcon } from '../pages/playbook-icon';
import { RunActions } from './run-actions';
import { RunStatusBadge, triggerLabel } from './run-status-badge';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'flex min-w-0 max-w-80 flex-col gap-0.5' : 'flex min-w-0 flex-col gap-0.5'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-h-5 truncate text-sm">{children}</dd>
    </div>
  );
}

/** The resource the run is for, as text: the component, config item or check name. */
function resourceText(run: PlaybookRunWire): string | undefined {
  return run.component?.name ?? run.config?.name ?? run.check?.name ?? undefined;
}

/** Who a run waiting for approval waits for: the listed people and teams, and whether one or all must approve. */
function approversText(run: PlaybookRunWire): string | undefined {
  const rule = run.approval;
  if (!rule || run.status !== 'pending_approval') return undefined;
  const names = [...rule.people, ...rule.teams.map((t) => `team ${t}`)];
  if (!names.length) return undefined;
  return `${rule.type === 'all' ? 'All of' : 'Any of'} ${names.join(', ')}`;
}

/** The run page's header: Playbook, Status, Started, Scheduled, Duration, Queued, Triggered By, and the buttons. */
export function RunHeader({ run }: { run: PlaybookRunWire }) {
  const resource = resourceText(run);
  const approvers = approversText(run);
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-card p-3">
      <dl aria-label="Run details" className="flex flex-wrap gap-x-8 gap-y-2">
        <Item label="Playbook" wide>
          <Link to={`/playbooks/${run.playbook.id}`} className="inline-flex items-center gap-1.5 text-primary hover:underline">
            <PlaybookIcon icon={run.playbook.icon} className="size-4" />
            {run.playbook.title}
          </Link>
        </Item>
        <Item label="Status">
          <RunStatusBadge status={run.status} />
        </Item>
        {resource && (
          <Item label="Resource" wide>
            {resource}
          </Item>
        )}
        <Item label="Started">
          <DateCell value={run.start_time} />
        </Item>
        <Item label="Scheduled">
          <DateCell value={run.scheduled_time} />
        </Item>
        <Item label="Duration">{formatRunDuration(runDurationMs(run))}</Item>
        <Item label="Queued">{formatRunDuration(runQueuedMs(run))}</Item>
        {approvers && (
          <Item label="Waiting for approval" wide>
            <span title={approvers}>{approvers}</span>
          </Item>
        )}
        <Item label="Triggered By">{run.created_by ? <PersonCell person={run.created_by} /> : triggerLabel(run.trigger)}</Item>
      </dl>
      <RunActions run={run} />
    </div>
  );
}
