import { Box, Boxes, Cloud, Container, Database, FileCode, Network, Server } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { shortType } from '../lib/catalog-format';

const ICON_CLASS = 'size-4 shrink-0 text-muted-foreground';

/** An icon for a config type by its provider or kind (a hint only; the type text is what counts). */
function TypeIcon({ type }: { type: string }) {
  const t = type.toLowerCase();
  if (t.includes('pod') || t.includes('container')) return <Container aria-hidden className={ICON_CLASS} />;
  if (t.includes('node') || t.includes('instance') || t.includes('server')) return <Server aria-hidden className={ICON_CLASS} />;
  if (t.includes('database') || t.includes('sql') || t.includes('postgres')) return <Database aria-hidden className={ICON_CLASS} />;
  if (t.includes('service') || t.includes('ingress') || t.includes('network')) return <Network aria-hidden className={ICON_CLASS} />;
  if (t.startsWith('aws') || t.startsWith('azure') || t.startsWith('gcp')) return <Cloud aria-hidden className={ICON_CLASS} />;
  if (['deployment', 'statefulset', 'daemonset', 'cluster'].some((k) => t.includes(k))) return <Boxes aria-hidden className={ICON_CLASS} />;
  if (t.includes('config') || t.includes('file')) return <FileCode aria-hidden className={ICON_CLASS} />;
  return <Box aria-hidden className={ICON_CLASS} />;
}

/** A config type as icon plus name; `short` drops the provider prefix ('Kubernetes::Pod' → 'Pod'). */
export function ConfigTypeLabel({
  type,
  short = false,
  className,
}: {
  type: string | null | undefined;
  short?: boolean;
  className?: string;
}) {
  if (!type) return null;
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)} title={type}>
      <TypeIcon type={type} />
      <span className="truncate">{short ? shortType(type) : type}</span>
    </span>
  );
}
