import { FileSearch, FileText, Network, Plug, Server, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui';
import type { IntegrationType } from '../api/integration-types';

/** The icon of each kind of integration, as the Settings menu draws their areas. */
export const INTEGRATION_ICONS: Record<IntegrationType, LucideIcon> = {
  scrapers: FileSearch,
  topologies: Network,
  logging_backends: FileText,
};

/** Name column: the type's icon, the name and, for an integration an agent runs, a badge naming the agent. */
export function IntegrationNameCell({
  name,
  type,
  agent,
}: {
  name: string;
  type: string | null;
  agent: { id: string; name?: string } | null;
}) {
  const Icon = INTEGRATION_ICONS[type as IntegrationType] ?? Plug;
  return (
    <span className="inline-flex min-w-0 items-center gap-2 font-medium">
      <Icon aria-label={type ?? 'integration'} className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">{name}</span>
      {agent && (
        <Badge variant="outline" title={`Agent ${agent.name ?? agent.id}`}>
          <Server aria-hidden className="size-3" />
          {agent.name ?? agent.id.slice(0, 8)}
        </Badge>
      )}
    </span>
  );
}
