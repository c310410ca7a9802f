import type { TopologyComponent } from '@ops/shared';
import { Camera, Link2, MoreVertical, ScrollText, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui';
import { useFeatureFlags } from '../../../lib/use-feature-flags';
import { usePermissions } from '../../../lib/use-whoami';
import { LinkToCatalogDialog } from './link-to-catalog-dialog';
import { SnapshotDialog } from './snapshot-dialog';

export interface CardMenuProps {
  component: Pick<TopologyComponent, 'id' | 'name' | 'external_id'>;
  /** Zoom In is offered on cards only (not on the sidebar of the zoomed-in component). */
  zoomable: boolean;
}

/**
 * The card's ⋮ menu: View Logs (external id and logs on), Zoom In, Snapshot, Link to Catalog.
 * Link to Incident is left out: the console has no incidents area.
 */
export function CardMenu({ component, zoomable }: CardMenuProps) {
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const perms = usePermissions();
  const [dialog, setDialog] = useState<'snapshot' | 'link' | null>(null);
  const logs = !!component.external_id && flags.isEnabled('logs');
  const canLink = perms.can('config_scrapers', 'write');
  // React events bubble through portals: keep menu and dialog clicks from reaching the card (which zooms in).
  return (
    <span className="contents" onClick={(e) => e.stopPropagation()}>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Actions for ${component.name}`}
          className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <MoreVertical aria-hidden className="size-4" />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {logs && (
            <DropdownMenuItem onSelect={() => navigate(`/logs?topologyId=${encodeURIComponent(component.id)}`)}>
              <ScrollText aria-hidden /> View Logs
            </DropdownMenuItem>
          )}
          {zoomable && (
            <DropdownMenuItem onSelect={() => navigate(`/topology/${encodeURIComponent(component.id)}`)}>
              <ZoomIn aria-hidden /> Zoom In
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setDialog('snapshot')}>
            <Camera aria-hidden /> Snapshot
          </DropdownMenuItem>
          {canLink && (
            <DropdownMenuItem onSelect={() => setDialog('link')}>
              <Link2 aria-hidden /> Link to Catalog
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'snapshot' && <SnapshotDialog componentId={component.id} onClose={() => setDialog(null)} />}
      {dialog === 'link' && <LinkToCatalogDialog componentId={component.id} onClose={() => setDialog(null)} />}
    </span>
  );
}
