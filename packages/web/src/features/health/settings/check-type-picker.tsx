import { useState } from 'react';
import { Badge, Dialog, Input } from '../../../components/ui';
import { CheckIcon } from '../components/check-icon';
import { CHECK_TYPES } from './check-types';

export interface CheckTypePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (type: string) => void;
}

/** 'Add Check': the health-check types, form-based ones first; a filter narrows the list. */
export function CheckTypePicker({ open, onOpenChange, onPick }: CheckTypePickerProps) {
  const [filter, setFilter] = useState('');
  const q = filter.trim().toLowerCase();
  const types = CHECK_TYPES.filter((t) => !q || t.label.toLowerCase().includes(q) || t.type.toLowerCase().includes(q));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Check" description="Choose the type of health check" size="lg">
      <Input aria-label="Filter check types" placeholder="Filter types" value={filter} onChange={(e) => setFilter(e.target.value)} className="mb-3" />
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Check types">
        {types.map((t) => (
          <li key={t.type}>
            <button
              type="button"
              onClick={() => {
                onPick(t.type);
                setFilter('');
              }}
              className="flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <CheckIcon type={t.type} />
              <span className="flex-1 truncate">{t.label}</span>
              {!t.form && <Badge variant="outline" aria-label="YAML only">YAML</Badge>}
            </button>
          </li>
        ))}
      </ul>
      {types.length === 0 && <p className="py-6 text-center text-sm text-muted-foreground">No options found</p>}
    </Dialog>
  );
}
