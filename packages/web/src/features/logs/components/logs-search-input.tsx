import { LOGS_QUERY_DEBOUNCE_MS } from '@ops/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useDebouncedCallback } from '../../../components/filters';
import { Input } from '../../../components/ui';

/** The search box: typing sets `query` after 500 ms of quiet (Enter at once); URL changes flow back in. */
export function LogsSearchInput({ value, onChange }: { value: string; onChange: (next: string | undefined) => void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const debounced = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), LOGS_QUERY_DEBOUNCE_MS);
  return (
    <div className="relative w-72 max-w-full">
      <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        data-search=""
        aria-label="Search logs"
        placeholder="Search logs"
        value={text}
        className="pl-8"
        onChange={(e) => {
          setText(e.target.value);
          debounced.run(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') debounced.flush();
        }}
      />
    </div>
  );
}
