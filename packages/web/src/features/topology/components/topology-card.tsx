import type { TopologyComponent } from '@ops/shared';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { childCount, useChildComponents } from '../api/use-child-components';
import { isCompact } from '../lib/card-size';
import { DEFAULT_SORT, type TopologySort } from '../lib/health-sort';
import { CardMenu } from './card-menu';
import { CardProperties } from './card-properties';
import { CardSummary } from './card-summary';
import { ChildCards } from './child-cards';
import { ComponentIcon } from './component-icon';
import { healthTone } from './health-tone';
import { useInView } from './use-in-view';

export interface TopologyCardProps {
  component: TopologyComponent;
  width: number;
  sort?: TopologySort;
  /** Cards link to their component and offer Zoom In; the single-card view turns both off. */
  interactive?: boolean;
  /** Whether the component is the one selected in the page (outlined). */
  selected?: boolean;
}

/**
 * One component card: icon, name, health edge, properties, summaries and (on wide cards) child cards,
 * loaded and rendered once the card nears the viewport. Clicking the card zooms in on the component.
 */
export function TopologyCard({ component: c, width, sort = DEFAULT_SORT, interactive = true, selected }: TopologyCardProps) {
  const navigate = useNavigate();
  const [ref, inView] = useInView<HTMLElement>();
  const compact = isCompact(width);
  const tone = healthTone(c.health);
  const title = c.title || c.name;
  const hasChildren = childCount(c) > 0;
  const children = useChildComponents(c, !compact && inView && hasChildren);
  const open = () => interactive && navigate(`/topology/${encodeURIComponent(c.id)}`);
  return (
    <article
      ref={ref}
      aria-label={title}
      data-health={c.health}
      data-testid="topology-card"
      style={{ width }}
      onClick={open}
      className={cn(
        'flex min-w-0 max-w-full flex-col gap-2 self-start rounded-lg border border-l-4 bg-card p-3 text-left shadow-xs',
        tone.border,
        interactive && 'cursor-pointer hover:bg-accent/30',
        selected && 'ring-2 ring-primary',
      )}
    >
      <header className="flex min-w-0 items-start gap-2">
        <ComponentIcon icon={c.icon} type={c.type} className={compact ? 'size-5' : 'size-7'} />
        <div className="min-w-0 flex-1">
          <h2 className={cn('truncate font-semibold leading-tight', compact ? 'text-sm' : 'text-base')} title={c.tooltip || title}>
            {title}
          </h2>
          {!compact && (c.text || c.type) && <p className="truncate text-xs text-muted-foreground">{c.text || c.type}</p>}
        </div>
        <span className={cn('mt-1 inline-flex items-center gap-1 text-xs font-medium', tone.text)}>
          <span aria-hidden className={cn('size-2 rounded-full', tone.dot)} />
          {!compact && <span>{c.health}</span>}
          {compact && <span className="sr-only">{c.health}</span>}
        </span>
        <CardMenu component={c} zoomable={interactive} />
      </header>
      {c.status_reason && !compact && <p className={cn('line-clamp-2 text-xs', tone.text)}>{c.status_reason}</p>}
      <CardProperties properties={c.properties ?? []} compact={compact} />
      <CardSummary id={c.id} summary={c.summary} />
      {!compact && children.items.length > 0 && <ChildCards parentId={c.id} items={children.items} sort={sort} />}
      {!compact && hasChildren && children.items.length === 0 && <div className="h-8" aria-hidden />}
    </article>
  );
}
