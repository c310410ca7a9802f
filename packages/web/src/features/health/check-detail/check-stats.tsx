import type { CheckRow, GraphResponse } from '@ops/shared';
import { formatDuration, formatPercent, TIME_RANGE_OPTIONS } from '@ops/shared';
import type { ReactNode } from 'react';
import { DateCell } from '../../../components/data-table';
import { Select } from '../../../components/ui';

function Stat({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-24">
      <dt className="text-xs font-medium text-muted-foreground">{title}</dt>
      <dd className="mt-0.5 text-sm font-semibold">{children}</dd>
    </div>
  );
}

const dash = <span className="font-normal text-muted-foreground">-</span>;
const ms = (v: number | undefined) => (v === undefined ? dash : formatDuration(v));
const TIME_OPTIONS = TIME_RANGE_OPTIONS.map((o) => ({ value: o, label: o }));

export interface CheckStatsProps {
  check: Pick<CheckRow, 'severity' | 'last_runtime' | 'last_transition_time' | 'next_runtime'>;
  graph: GraphResponse | undefined;
  timeRange: string;
  onTimeRange: (range: string) => void;
}

/** Uptime, latency p95/p97/p99, severity, last run, transitioned, next run and the time-range selector. */
export function CheckStats({ check, graph, timeRange, onTimeRange }: CheckStatsProps) {
  const uptime = graph?.uptime;
  const total = uptime ? uptime.passed + uptime.failed : 0;
  return (
    <dl className="flex flex-wrap items-start gap-x-6 gap-y-3">
      <Stat title="Uptime">
        {uptime && total > 0 ? (
          <span className="flex items-baseline gap-2">
            {formatPercent((uptime.passed / total) * 100)}
            <span className="text-xs font-normal text-success">{uptime.passed} passed</span>
            <span className="text-xs font-normal text-destructive">{uptime.failed} failed</span>
          </span>
        ) : (
          dash
        )}
      </Stat>
      <Stat title="Latency (95%)">{ms(graph?.latency.p95)}</Stat>
      <Stat title="Latency (97%)">{ms(graph?.latency.p97)}</Stat>
      <Stat title="Latency (99%)">{ms(graph?.latency.p99)}</Stat>
      <Stat title="Severity">{check.severity ? check.severity.charAt(0).toUpperCase() + check.severity.slice(1) : dash}</Stat>
      <Stat title="Last Run">{check.last_runtime ? <DateCell value={check.last_runtime} /> : dash}</Stat>
      <Stat title="Transitioned">{check.last_transition_time ? <DateCell value={check.last_transition_time} /> : dash}</Stat>
      <Stat title="Next Run">{check.next_runtime ? <DateCell value={check.next_runtime} /> : dash}</Stat>
      <div>
        <dt className="text-xs font-medium text-muted-foreground">
          <label htmlFor="check-time-range">Time Range</label>
        </dt>
        <dd className="mt-0.5">
          <Select id="check-time-range" value={timeRange} options={TIME_OPTIONS} onValueChange={onTimeRange} className="h-8 w-24" />
        </dd>
      </div>
    </dl>
  );
}
