import { Plus, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { RefreshRateDropdown, type RefreshRate } from '../../../components/refresh-rate';
import { Badge, buttonClasses, IconButton } from '../../../components/ui';
import { cn } from '../../../lib/cn';

export interface HealthHeaderActionsProps {
  passing: number;
  failing: number;
  /** Shows the add-check action (write permission on canaries). */
  canAdd: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  rate: RefreshRate;
  onRateChange: (rate: RefreshRate) => void;
  rangeMs: number | undefined;
}

/** The dashboard header: passing and failing counts, add check, refresh and the refresh rate. */
export function HealthHeaderActions({ passing, failing, canAdd, refreshing, onRefresh, rate, onRateChange, rangeMs }: HealthHeaderActionsProps) {
  return (
    <>
      <span className="flex items-center gap-1.5" aria-label="Check counts">
        <Badge variant="success" title="Passing checks">
          {passing} passing
        </Badge>
        <Badge variant="destructive" title="Failing checks">
          {failing} failing
        </Badge>
      </span>
      {canAdd && (
        <Link to="/settings/canaries/new" className={buttonClasses('primary', 'sm')}>
          <Plus aria-hidden /> Add Check
        </Link>
      )}
      <IconButton
        label="Refresh checks"
        aria-busy={refreshing}
        onClick={onRefresh}
        icon={<RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />}
      />
      <RefreshRateDropdown value={rate} onChange={onRateChange} rangeMs={rangeMs} className="w-40" />
    </>
  );
}
