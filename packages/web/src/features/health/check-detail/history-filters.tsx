import { useId, useState } from 'react';
import { Input, Select } from '../../../components/ui';
import { HISTORY_DURATIONS, HISTORY_STATUSES, parseHistoryDuration } from '../lib/history-query';

export interface HistoryFiltersProps {
  status: string;
  duration: string;
  onStatus: (status: string) => void;
  /** Called with a valid duration text ('' for All); invalid text stays in the box with its message. */
  onDuration: (duration: string) => void;
}

/** Status (All, Healthy, Unhealthy) and minimum duration (All, 100ms … 30s, or typed in ms or s). */
export function HistoryFilters({ status, duration, onStatus, onDuration }: HistoryFiltersProps) {
  const statusId = useId();
  const durationId = useId();
  const listId = useId();
  const [text, setText] = useState(duration || 'All');
  const [seen, setSeen] = useState(duration);
  if (seen !== duration) {
    setSeen(duration);
    setText(duration || 'All');
  }
  const { error } = parseHistoryDuration(text);
  const apply = (value: string): void => {
    setText(value);
    if (!parseHistoryDuration(value).error) onDuration(value.trim().toLowerCase() === 'all' ? '' : value.trim());
  };
  return (
    <div className="flex flex-wrap items-start gap-4" role="group" aria-label="History filters">
      <div className="flex items-center gap-2">
        <label htmlFor={statusId} className="text-sm text-muted-foreground">
          Status
        </label>
        <Select id={statusId} value={status || 'all'} options={HISTORY_STATUSES} onValueChange={onStatus} className="h-8 w-32" />
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <label htmlFor={durationId} className="text-sm text-muted-foreground">
            Duration
          </label>
          <Input
            id={durationId}
            list={listId}
            value={text}
            invalid={!!error}
            aria-describedby={error ? `${durationId}-error` : undefined}
            className="h-8 w-28"
            onChange={(e) => apply(e.target.value)}
          />
          <datalist id={listId}>
            {HISTORY_DURATIONS.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
        </div>
        {error && (
          <p id={`${durationId}-error`} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
