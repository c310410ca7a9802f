import {
  Activity,
  Bell,
  Box,
  Cloud,
  Container,
  Database,
  FileCheck,
  FolderOpen,
  Gauge,
  Globe,
  type LucideIcon,
  Network,
  Radar,
  Search,
  Server,
  Terminal,
} from 'lucide-react';
import { cn } from '../../../lib/cn';

const ICONS: Record<string, LucideIcon> = {
  http: Globe,
  tcp: Network,
  icmp: Radar,
  dns: Search,
  exec: Terminal,
  folder: FolderOpen,
  postgres: Database,
  mysql: Database,
  mssql: Database,
  mongodb: Database,
  redis: Server,
  elasticsearch: Search,
  opensearch: Search,
  prometheus: Gauge,
  alertmanager: Bell,
  kubernetes: Container,
  pod: Container,
  namespace: Box,
  s3: Cloud,
  ec2: Cloud,
  junit: FileCheck,
};

/** The icon of a check type (a generic pulse for types without their own). */
export function CheckIcon({ type, className }: { type: string | null | undefined; className?: string }) {
  const Icon = ICONS[(type ?? '').toLowerCase()] ?? Activity;
  return <Icon aria-hidden className={cn('size-4 shrink-0 text-muted-foreground', className)} />;
}
