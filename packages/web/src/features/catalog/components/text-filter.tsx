import { useId, useState } from 'react';
import { DEBOUNCE_SEARCH_MS } from '@ops/shared';
import { useDebouncedCallback, useUrlState } from '../../../components/filters';
import { Input } from '../../../components/ui/input';

/** A labelled text filter kept in a URL param, applied after 400 ms of quiet (Enter applies at once). */
export function TextFilter({ param, label, resetParams }: { param: string; label: string; resetParams?: readonly string[] }) {
  const id = useId();
  const [value, setValue] = useUrlState(param, undefined, { resetParams });
  const [text, setText] = useState(value ?? '');
  const debounced = useDebouncedCallback((next: string) => setValue(next.trim() || undefined), DEBOUNCE_SEARCH_MS);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        value={text}
        className="h-9 w-36"
        onChange={(e) => {
          setText(e.target.value);
          debounced.run(e.target.value);
        }}
        onKeyDown={(e) => e.key === 'Enter' && debounced.flush()}
      />
    </div>
  );
}
