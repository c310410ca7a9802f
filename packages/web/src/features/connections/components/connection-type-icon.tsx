import { connectionTypeInfo } from '@ops/shared';
import {
  Activity,
  ArchiveRestore,
  Bell,
  Cable,
  Cloud,
  Container,
  Database,
  FolderOpen,
  Gauge,
  GitBranch,
  Globe,
  HardDrive,
  KeyRound,
  Mail,
  MessageSquare,
  Monitor,
  Search,
  Send,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../../lib/cn';

// Lucide has no brand logos, so each type gets the icon of what it is (a database, a bucket, a chat).
const ICONS: Record<string, LucideIcon> = {
  postgres: Database,
  mysql: Database,
  sql_server: Database,
  mongo: Database,
  redis: Database,
  elasticsearch: Search,
  prometheus: Activity,
  http: Globe,
  ldap: KeyRound,
  windows: Monitor,
  google_cloud: Cloud,
  aws: Cloud,
  azure: Cloud,
  azure_devops: GitBranch,
  gcs: HardDrive,
  s3: HardDrive,
  kubernetes: Container,
  github: GitBranch,
  gitlab: GitBranch,
  git: GitBranch,
  restic: ArchiveRestore,
  sftp: FolderOpen,
  smb: FolderOpen,
  folder: FolderOpen,
  jmeter: Gauge,
  dynatrace: Gauge,
  email: Mail,
  generic_webhook: Webhook,
  ntfy: Bell,
  opsgenie: Bell,
  pushbullet: Bell,
  pushover: Bell,
  ifttt: Send,
  telegram: Send,
};

/** The icon of a connection type (chat types share one; unknown types get a plug). */
export function ConnectionTypeIcon({ type, className }: { type: string; className?: string }) {
  const info = connectionTypeInfo(type);
  const Icon = ICONS[type] ?? (info?.category === 'notification' ? MessageSquare : Cable);
  return <Icon aria-hidden className={cn('size-4 shrink-0 text-muted-foreground', className)} />;
}

/** Icon and label of a type, as the Type column and the picker show it. */
export function ConnectionTypeLabel({ type }: { type: string }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <ConnectionTypeIcon type={type} />
      {connectionTypeInfo(type)?.label ?? type}
    </span>
  );
}
