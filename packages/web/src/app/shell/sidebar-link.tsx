import { NavLink } from 'react-router';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import type { NavItem } from '../nav';

/** Classes of a sidebar row; the active page is highlighted. */
export function sidebarRowClasses(active: boolean, collapsed: boolean): string {
  return cn(
    'flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-sm transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    active ? 'bg-sidebar-active font-medium text-foreground' : 'hover:bg-accent hover:text-foreground',
    collapsed && 'justify-center px-0',
  );
}

/** One page link in the sidebar; when collapsed only the icon shows and the label is a tooltip. */
export function SidebarLink({ item, collapsed, nested = false }: { item: NavItem; collapsed: boolean; nested?: boolean }) {
  const Icon = item.icon;
  return (
    <Tooltip content={item.label} side="right" disabled={!collapsed}>
      <NavLink
        to={item.path}
        aria-label={collapsed ? item.label : undefined}
        className={({ isActive }) => cn(sidebarRowClasses(isActive, collapsed), nested && !collapsed && 'pl-8')}
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        {!collapsed && <span className="truncate">{item.label}</span>}
      </NavLink>
    </Tooltip>
  );
}
