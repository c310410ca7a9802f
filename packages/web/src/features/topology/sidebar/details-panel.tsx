import { formatRelativeTime, SIDEBAR_PROPERTY_LIMIT, type TopologyComponent } from '@ops/shared';
import { cn } from '../../../lib/cn';
import { displayProperties, type DisplayProperty } from '../lib/property-format';
import { ShowMoreList } from './show-more-list';
import { SidebarPanel } from './sidebar-panel';

/** Fixed facts of a component: type, status, namespace, owner, external id, last update and labels. */
function facts(c: TopologyComponent): DisplayProperty[] {
  const list: [string, string | null | undefined][] = [
    ['Type', c.type],
    ['Status', c.status],
    ['Namespace', c.namespace],
    ['Owner', c.owner],
    ['External ID', c.external_id],
    ['Updated', c.updated_at ? formatRelativeTime(c.updated_at) : null],
    ...Object.entries(c.labels ?? {}).map(([k, v]): [string, string] => [k, v]),
  ];
  return list
    .filter((f): f is [string, string] => !!f[1])
    .map(([label, text]) => ({ name: `fact:${label}`, label, text, headline: false }));
}

/** The Details panel: the component's facts and labels, then its formatted properties (6 before 'show more'). */
export function DetailsPanel({ component }: { component: TopologyComponent }) {
  return (
    <SidebarPanel title="Details">
      {component.description && <p className="mb-2 text-xs text-muted-foreground">{component.description}</p>}
      <dl className="mb-2 flex flex-col gap-1">
        {facts(component).map((f) => (
          <div key={f.name} className="flex min-w-0 justify-between gap-3 text-xs">
            <dt className="shrink-0 text-muted-foreground">{f.label}</dt>
            <dd className="truncate text-right font-medium" title={f.text}>
              {f.text}
            </dd>
          </div>
        ))}
      </dl>
      <ShowMoreList
        items={displayProperties(component.properties ?? [])}
        empty="No properties"
        limit={SIDEBAR_PROPERTY_LIMIT}
        keyOf={(p) => p.name}
        render={(p) => (
          <div className="flex min-w-0 justify-between gap-3 text-xs">
            <span className="shrink-0 text-muted-foreground">{p.label}</span>
            <span className={cn('truncate text-right font-medium', p.tone === 'danger' && 'text-destructive')} title={p.text}>
              {p.href ? (
                <a href={p.href} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                  {p.text}
                </a>
              ) : (
                p.text
              )}
            </span>
          </div>
        )}
      />
    </SidebarPanel>
  );
}
