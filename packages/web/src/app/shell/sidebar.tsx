import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Link } from 'react-router';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { isGroup, type NavEntry } from '../nav';
import { SidebarGroup } from './sidebar-group';
import { SidebarLink } from './sidebar-link';

export interface SidebarProps {
  entries: readonly NavEntry[];
  collapsed: boolean;
  onToggle: () => void;
  /** 'drawer': inside the phone drawer, full width, and its bottom button closes the drawer. */
  variant?: 'rail' | 'drawer';
}

/** The left navigation: w-56 expanded, w-14 collapsed (icons with tooltips), or the phone drawer's panel. */
export function Sidebar({ entries, collapsed, onToggle, variant = 'rail' }: SidebarProps) {
  const drawer = variant === 'drawer';
  const toggleLabel = drawer ? 'Close menu' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cn(
        'flex h-full shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground transition-[width] duration-150',
        drawer ? 'w-full' : collapsed ? 'w-14' : 'w-56',
      )}
    >
      <Link to="/" className="flex h-14 shrink-0 items-center gap-2.5 border-b px-3.5 font-semibold text-foreground">
        <span
          aria-hidden
          className="grid size-7 shrink-0 place-items-center rounded-md bg-primary text-xs font-bold text-primary-foreground"
        >
          OC
        </span>
        {!collapsed && <span className="truncate">Ops Console</span>}
        {collapsed && <span className="sr-only">Ops Console</span>}
      </Link>
      <nav aria-label="Main" className="flex-1 overflow-y-auto overflow-x-hidden p-2">
        <ul className="flex flex-col gap-0.5">
          {entries.map((e) => (
            <li key={e.label}>
              {isGroup(e) ? <SidebarGroup group={e} collapsed={collapsed} /> : <SidebarLink item={e} collapsed={collapsed} />}
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t p-2">
        <Tooltip content={toggleLabel} side="right" disabled={drawer}>
          <button
            type="button"
            onClick={onToggle}
            aria-label={toggleLabel}
            aria-expanded={drawer ? undefined : !collapsed}
            className="flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {drawer ? (
              <X aria-hidden className="size-4 shrink-0" />
            ) : collapsed ? (
              <PanelLeftOpen aria-hidden className="size-4 shrink-0" />
            ) : (
              <PanelLeftClose aria-hidden className="size-4 shrink-0" />
            )}
            {!collapsed && <span>{drawer ? 'Close' : 'Collapse'}</span>}
          </button>
        </Tooltip>
      </div>
    </aside>
  );
}
