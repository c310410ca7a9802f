import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Select, type SelectOption } from '../ui/select';
import { ALL } from './url-params';
import { useUrlState } from './use-url-state';

export interface DropdownFilterProps {
  /** URL param the choice is kept in. */
  param: string;
  /** Visible label before the dropdown, also its accessible name. */
  label: string;
  options: readonly SelectOption[];
  /** Text of the leading "no filter" option (value 'all', never written to the URL). */
  allLabel?: ReactNode;
  /** Params cleared when the choice changes (default: pageIndex). */
  resetParams?: readonly string[];
  className?: string;
}

/**
 * A single-choice filter bound to a URL param. The first option is 'all'; choosing it removes the
 * param, so 'all' never reaches a query (spec: filter values 'all' are dropped).
 */
export function DropdownFilter({ param, label, options, allLabel = 'All', resetParams = ['pageIndex'], className }: DropdownFilterProps) {
  const id = useId();
  const [value, setValue] = useUrlState(param, undefined, { resetParams });
  const all: SelectOption = { value: ALL, label: allLabel };
  // A value in the URL that is not (yet) among the options still shows, so links keep working.
  const known = !value || options.some((o) => o.value === value);
  const list = known ? [all, ...options] : [all, ...options, { value: value, label: value }];
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="whitespace-nowrap text-sm text-muted-foreground">
        {label}
      </label>
      <Select id={id} className="min-w-36" value={value ?? ALL} options={list} onValueChange={(v) => setValue(v === ALL ? undefined : v)} />
    </div>
  );
}
