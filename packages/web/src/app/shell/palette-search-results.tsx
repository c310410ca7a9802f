import type { SearchHit, SearchKind, SearchResponse } from '@ops/shared';
import { Command } from 'cmdk';
import { Boxes, ListChecks, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { PATHS } from '../paths';

/** Each kind the palette searches: its group heading, icon and the page a hit opens. */
export const SEARCH_GROUPS: Record<SearchKind, { heading: string; icon: LucideIcon; href: (id: string) => string }> = {
  config: { heading: 'Catalog', icon: Boxes, href: (id) => `${PATHS.catalog}/${encodeURIComponent(id)}` },
  check: { heading: 'Health checks', icon: ListChecks, href: (id) => `${PATHS.health}?checkId=${encodeURIComponent(id)}` },
};

const DOT: Record<string, string> = {
  healthy: 'bg-green-500',
  unhealthy: 'bg-red-500',
  warning: 'bg-amber-500',
};

export const groupClasses =
  '[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-muted-foreground';

export const itemClasses =
  'flex cursor-default select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-foreground ' +
  'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';

function Hit({ kind, hit, onOpen }: { kind: SearchKind; hit: SearchHit; onOpen: (href: string) => void }) {
  const group = SEARCH_GROUPS[kind];
  return (
    // The value is unique per hit (cmdk selects by value); filtering is the server's.
    <Command.Item value={`${kind}:${hit.id}`} onSelect={() => onOpen(group.href(hit.id))} className={itemClasses}>
      <group.icon aria-hidden />
      <span className="min-w-0 flex-1 truncate">
        {hit.name}
        {hit.detail && <span className="ml-2 text-xs text-muted-foreground">{hit.detail}</span>}
      </span>
      <span className="max-w-[40%] truncate text-xs text-muted-foreground">{hit.type}</span>
      <span
        title={hit.health ?? 'unknown'}
        aria-label={`health ${hit.health ?? 'unknown'}`}
        className={cn('size-2 shrink-0 rounded-full', DOT[hit.health ?? ''] ?? 'bg-muted-foreground/40')}
      />
    </Command.Item>
  );
}

/** The server's matches, one group per kind in SEARCH_GROUPS order; kinds without a match are left out. */
export function PaletteSearchResults({
  kinds,
  results,
  onOpen,
}: {
  kinds: readonly SearchKind[];
  results: SearchResponse['results'];
  onOpen: (href: string) => void;
}) {
  return kinds
    .filter((kind) => results[kind].length > 0)
    .map((kind) => (
      <Command.Group key={kind} heading={SEARCH_GROUPS[kind].heading} className={groupClasses}>
        {results[kind].map((hit) => (
          <Hit key={hit.id} kind={kind} hit={hit} onOpen={onOpen} />
        ))}
      </Command.Group>
    ));
}
