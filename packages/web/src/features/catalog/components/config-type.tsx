import { Box, Boxes, Cloud, Container, Database, FileCode, Network, Server } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { shortType } from '../lib/catalog-format';

/** An icon for a config type by its provider or kind (a hint only; the type text is what counts). */
function typeIcon(type: string) {
  const t = type.toLowerCase();
  if (t.includes('pod') || t.includes('container')) return Container;
  if (t.includes('node') || t.includes('instance') || t.includes('server')) return Server;
  if (t.includes('database') || t.includes('sql') || t.includes('postgres')) return Database;
  if (t.includes('service') || t.includes('ingress') || t.includes('network')) return Network;
  if (t.startsWith('aws') || t.startsWith('azure') || t.startsWith('gcp')) return Cloud;
  if (t.includes('deployment') || t.includes('statefulset') || t.includes('daemonset') || t.includes('cluster')) return Boxes;
  if (t.includes('config') || t.includes('file')) return FileCode;
  return Box;
}

/** A config type as icon plus name; `short` drops the provider prefix ('Kubernetes::Pod' → 'Pod'). */
export function ConfigTypeLabel({ type, short = false, className }: { type: string | null | undefined; short?: boolean; className?: string }) {
  if (!type) return null;
  const Icon = typeIcon(type);
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)} title={type}>
      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">{short ? shortType(type) : type}</span>
    </span>
  );
}
