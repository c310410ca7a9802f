import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import type { NavGroup } from '../nav';
import { SidebarLink, sidebarRowClasses } from './sidebar-link';

/** A submenu (Settings): expands in place, or opens as a menu beside the icon when collapsed. */
export function SidebarGroup({ group, collapsed }: { group: NavGroup; collapsed: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const containsActive = group.children.some((c) => location.pathname.startsWith(c.path));
  const [open, setOpen] = useState(containsActive);
  const [wasActive, setWasActive] = useState(containsActive);
  const Icon = group.icon;
  // Navigating into the group (link, palette, back button) opens it so the active page is visible.
  if (containsActive !== wasActive) {
    setWasActive(containsActive);
    if (containsActive) setOpen(true);
  }

  if (collapsed) {
    return (
      <DropdownMenu>
        <DropdownMenuTrigger aria-label={group.label} className={sidebarRowClasses(containsActive, true)}>
          <Icon aria-hidden className="size-4 shrink-0" />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="right" align="start">
          <DropdownMenuLabel>{group.label}</DropdownMenuLabel>
          {group.children.map((c) => (
            <DropdownMenuItem key={c.path} onSelect={() => navigate(c.path)}>
              <c.icon aria-hidden />
              {c.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  return (
    <>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)} className={sidebarRowClasses(false, false)}>
        <Icon aria-hidden className="size-4 shrink-0" />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul className="mt-0.5 flex flex-col gap-0.5">
          {group.children.map((c) => (
            <li key={c.path}>
              <SidebarLink item={c} collapsed={false} nested />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
