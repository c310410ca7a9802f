import type { ComponentProperty } from '@ops/shared';
import { cn } from '../../../lib/cn';
import { displayProperties } from '../lib/property-format';

/** A card's properties: headlines first; compact cards show a single line of headline values. */
export function CardProperties({ properties, compact }: { properties: readonly ComponentProperty[]; compact: boolean }) {
  const list = displayProperties(properties);
  if (!list.length) return null;
  const shown = compact ? list.slice(0, 2) : list;
  return (
    <dl className={cn('grid gap-x-3 gap-y-1 text-xs', compact ? 'grid-cols-2' : 'grid-cols-[repeat(auto-fill,minmax(120px,1fr))]')}>
      {shown.map((p) => (
        <div key={p.name} className="min-w-0" data-property={p.name}>
          <dt className="truncate text-muted-foreground">{p.label}</dt>
          <dd className={cn('truncate font-medium', p.tone === 'danger' && 'text-destructive')} title={p.text}>
            {p.href ? (
              <a
                href={p.href}
                target="_blank"
                rel="noreferrer"
                className="text-primary hover:underline"
                onClick={(e) => e.stopPropagation()}
              >
                {p.text}
              </a>
            ) : (
              p.text
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
