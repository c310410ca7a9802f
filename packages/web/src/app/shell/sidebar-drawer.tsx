import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { NavEntry } from '../nav';
import { Sidebar } from './sidebar';

export interface SidebarDrawerProps {
  entries: readonly NavEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar on phones: a panel over the page from the left (Escape, the backdrop or a navigation close it). */
export function SidebarDrawer({ entries, open, onOpenChange }: SidebarDrawerProps) {
  const location = useLocation();
  const shownAt = useRef(location.key);
  // Choosing a page closes the drawer; so does any other navigation (back button, a link in a toast).
  useEffect(() => {
    if (location.key === shownAt.current) return;
    shownAt.current = location.key;
    onOpenChange(false);
  }, [location.key, onOpenChange]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
          <Sidebar entries={entries} collapsed={false} onToggle={() => onOpenChange(false)} variant="drawer" />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
