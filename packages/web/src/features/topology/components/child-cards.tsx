import type { TopologyComponent } from '@ops/shared';
import { Link } from 'react-router';
import { sortComponents, type TopologySort } from '../lib/health-sort';
import { ComponentIcon } from './component-icon';
import { healthTone } from './health-tone';

/** Child cards shown inside a parent card before '+N more' (zoom in for the rest). */
export const CHILD_CARD_LIMIT = 24;

/** A parent card's children as small linked tiles, in the dashboard's sort order. */
export function ChildCards({ parentId, items, sort }: { parentId: string; items: readonly TopologyComponent[]; sort: TopologySort }) {
  const visible = sortComponents(
    items.filter((c) => !c.deleted_at),
    sort,
  );
  const shown = visible.slice(0, CHILD_CARD_LIMIT);
  const rest = visible.length - shown.length;
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(150px,1fr))] gap-1.5" aria-label="Child components">
      {shown.map((c) => {
        const tone = healthTone(c.health);
        return (
          <li key={c.id}>
            <Link
              to={`/topology/${encodeURIComponent(c.id)}`}
              onClick={(e) => e.stopPropagation()}
              // Plain concatenation: up to 24 tiles per card, and nothing here needs class merging.
              className={`flex min-w-0 items-center gap-1.5 rounded border border-l-4 bg-background px-2 py-1 text-xs hover:bg-accent ${tone.border}`}
              title={`${c.title || c.name} (${c.health})`}
              data-health={c.health}
            >
              <ComponentIcon icon={c.icon} type={c.type} className="size-3.5" />
              <span className="truncate">{c.title || c.name}</span>
            </Link>
          </li>
        );
      })}
      {rest > 0 && (
        <li>
          <Link
            to={`/topology/${encodeURIComponent(parentId)}`}
            onClick={(e) => e.stopPropagation()}
            className="flex items-center rounded border border-dashed px-2 py-1 text-xs text-muted-foreground hover:bg-accent"
          >
            +{rest} more
          </Link>
        </li>
      )}
    </ul>
  );
}
