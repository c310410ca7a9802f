import { CONNECTION_TYPES, MESSAGES, type ConnectionCategory } from '@ops/shared';
import { useMemo, useState } from 'react';
import { Input } from '../../../components/ui';
import { ConnectionTypeIcon } from './connection-type-icon';

const CATEGORIES: readonly { key: ConnectionCategory; label: string }[] = [
  { key: 'data', label: 'Data sources' },
  { key: 'cloud', label: 'Cloud' },
  { key: 'other', label: 'Other' },
  { key: 'notification', label: 'Notifications' },
];

/** The types a user can add (hidden ones such as JMeter only come from apply), with their labels. */
const PICKABLE = Object.entries(CONNECTION_TYPES)
  .filter(([, info]) => !('hidden' in info && info.hidden))
  .map(([type, info]) => ({ type, label: info.label, category: info.category as ConnectionCategory }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** Step one of Add Connection: the types grouped by category, narrowed by a filter on label or type. */
export function ConnectionTypePicker({ onPick }: { onPick: (type: string) => void }) {
  const [filter, setFilter] = useState('');
  const q = filter.trim().toLowerCase();
  const groups = useMemo(() => {
    const shown = PICKABLE.filter((t) => !q || t.label.toLowerCase().includes(q) || t.type.includes(q));
    return CATEGORIES.map((c) => ({ ...c, types: shown.filter((t) => t.category === c.key) })).filter((g) => g.types.length);
  }, [q]);
  return (
    <div className="grid gap-3">
      <Input
        aria-label="Filter connection types"
        placeholder="Search types"
        value={filter}
        autoFocus
        onChange={(e) => setFilter(e.target.value)}
      />
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`conn-cat-${g.key}`} className="grid gap-1.5">
          <h3 id={`conn-cat-${g.key}`} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {g.label}
          </h3>
          <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-3" aria-label={`${g.label} types`}>
            {g.types.map((t) => (
              <li key={t.type}>
                <button
                  type="button"
                  onClick={() => onPick(t.type)}
                  className="flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <ConnectionTypeIcon type={t.type} />
                  <span className="flex-1 truncate">{t.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {groups.length === 0 && <p className="py-6 text-center text-sm text-muted-foreground">{MESSAGES.noOptions}</p>}
    </div>
  );
}
