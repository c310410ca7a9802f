import type { FeatureKey, RbacResource } from '@ops/shared';
import {
  Activity,
  AlertOctagon,
  BookOpen,
  Boxes,
  Cable,
  Flag,
  History,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Network,
  Plug,
  ScrollText,
  Server,
  Settings,
  ShieldAlert,
  Users,
  UsersRound,
  Workflow,
  Bell,
  FileText,
  type LucideIcon,
} from 'lucide-react';
import { PATHS } from './paths';

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** Feature-flag key that hides it ('{key}.disable' = 'true'). */
  feature: FeatureKey;
  /** The item shows only with read permission on this resource. */
  resource: RbacResource;
  /** Whether the area is built yet; items of areas that do not exist never render. */
  exists: boolean;
}

export interface NavGroup {
  label: string;
  icon: LucideIcon;
  feature: FeatureKey;
  /** Hidden for users whose roles are only viewer. */
  hideForViewers: boolean;
  children: NavItem[];
}

export type NavEntry = NavItem | NavGroup;

/** The Settings submenu, in display order. */
export const SETTINGS_NAV: NavGroup = {
  label: 'Settings',
  icon: Settings,
  feature: 'settings',
  hideForViewers: true,
  children: [
    {
      label: 'Connections',
      path: PATHS.settings.connections,
      icon: Cable,
      feature: 'settings.connections',
      resource: 'connections',
      exists: true,
    },
    { label: 'Users', path: PATHS.settings.users, icon: Users, feature: 'settings.users', resource: 'identities', exists: true },
    { label: 'Teams', path: PATHS.settings.teams, icon: UsersRound, feature: 'settings.teams', resource: 'database', exists: true },
    {
      label: 'Incident Rules',
      path: PATHS.settings.incidentRules,
      icon: ShieldAlert,
      feature: 'settings.rules',
      resource: 'incident',
      exists: false,
    },
    { label: 'Health', path: PATHS.settings.canaries, icon: Activity, feature: 'settings.health', resource: 'canaries', exists: true },
    {
      label: 'Topology',
      path: PATHS.settings.topologies,
      icon: Network,
      feature: 'settings.topology',
      resource: 'topologies',
      exists: true,
    },
    {
      label: 'Notifications',
      path: PATHS.settings.notifications,
      icon: Bell,
      feature: 'settings.notifications',
      resource: 'notifications',
      exists: false,
    },
    {
      label: 'Jobs History',
      path: PATHS.settings.jobs,
      icon: History,
      feature: 'settings.job_history',
      resource: 'database',
      exists: true,
    },
    {
      label: 'Feature Flags',
      path: PATHS.settings.featureFlags,
      icon: Flag,
      feature: 'settings.feature_flags',
      resource: 'properties',
      exists: true,
    },
    {
      label: 'Log Backends',
      path: PATHS.settings.loggingBackends,
      icon: FileText,
      feature: 'settings.logging_backends',
      resource: 'logging_backends',
      exists: true,
    },
    {
      label: 'Event Queue',
      path: PATHS.settings.eventQueue,
      icon: Inbox,
      feature: 'settings.event_queue_status',
      resource: 'database',
      exists: true,
    },
    { label: 'Agents', path: PATHS.settings.agents, icon: Server, feature: 'agents', resource: 'agents', exists: false },
    {
      label: 'Integrations',
      path: PATHS.settings.integrations,
      icon: Plug,
      feature: 'settings.integrations',
      resource: 'integrations',
      exists: true,
    },
  ],
};

/** The sidebar entries, in display order. */
export const NAV: readonly NavEntry[] = [
  { label: 'Dashboard', path: PATHS.topology, icon: LayoutDashboard, feature: 'topology', resource: 'topologies', exists: true },
  { label: 'Health', path: PATHS.health, icon: ListChecks, feature: 'health', resource: 'canaries', exists: true },
  { label: 'Incidents', path: PATHS.incidents, icon: AlertOctagon, feature: 'incidents', resource: 'incident', exists: false },
  { label: 'Catalog', path: PATHS.catalog, icon: Boxes, feature: 'config', resource: 'config_scrapers', exists: true },
  { label: 'Logs', path: PATHS.logs, icon: ScrollText, feature: 'logs', resource: 'logging_backends', exists: true },
  { label: 'Playbooks', path: PATHS.playbooks, icon: Workflow, feature: 'playbooks', resource: 'playbooks', exists: true },
  SETTINGS_NAV,
];

/** Shell links outside the sidebar that appear only once their page exists. */
export const SHELL_LINKS = {
  notifications: { path: PATHS.notifications, exists: false },
  profile: { path: PATHS.profile, exists: true },
  docs: { icon: BookOpen },
} as const;

/** What the nav filter needs to know about the user and the flags. */
export interface NavAccess {
  isEnabled: (key: FeatureKey) => boolean;
  can: (resource: RbacResource, action?: 'read' | 'write') => boolean;
  isViewer: boolean;
}

/** Whether an entry is a submenu. */
export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** Whether one item may show: its area exists, its flag is on and the user may read its resource. */
export function itemVisible(item: NavItem, access: NavAccess): boolean {
  return item.exists && access.isEnabled(item.feature) && access.can(item.resource, 'read');
}

/** The sidebar for this user: hidden items removed, empty or viewer-hidden groups dropped. */
export function visibleNav(entries: readonly NavEntry[], access: NavAccess): NavEntry[] {
  const out: NavEntry[] = [];
  for (const entry of entries) {
    if (!isGroup(entry)) {
      if (itemVisible(entry, access)) out.push(entry);
      continue;
    }
    if ((entry.hideForViewers && access.isViewer) || !access.isEnabled(entry.feature)) continue;
    const children = entry.children.filter((c) => itemVisible(c, access));
    if (children.length) out.push({ ...entry, children });
  }
  return out;
}

/** Every visible page in sidebar order (for the command palette and the '/' redirect). */
export function flattenNav(entries: readonly NavEntry[]): { item: NavItem; group?: string }[] {
  return entries.flatMap((e) => (isGroup(e) ? e.children.map((item) => ({ item, group: e.label })) : [{ item: e }]));
}

/** Where '/' goes: the first visible area in sidebar order, or null when none is visible. */
export function homePath(entries: readonly NavEntry[], access: NavAccess): string | null {
  return flattenNav(visibleNav(entries, access))[0]?.item.path ?? null;
}
