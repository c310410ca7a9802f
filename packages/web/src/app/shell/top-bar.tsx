import { Menu, Search } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import type { Ref } from 'react';
import { HelpMenu } from './help-menu';
import { NotificationsBell } from './notifications-bell';
import { RefreshButton } from './refresh-button';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  /** Shown until the page renders its own <PageHeader> into the slot. */
  fallbackTitle: string;
  /** The element pages portal their header into. */
  slotRef: Ref<HTMLDivElement>;
  user: { name: string; email: string | null };
  canSeeNotifications: boolean;
  onOpenPalette: () => void;
  /** Phones: opens the sidebar drawer (the menu button shows only when given). */
  onOpenMenu?: () => void;
}

/** The shell's top bar: page title, command-palette button, refresh, bell, help and user menus. */
export function TopBar({ fallbackTitle, slotRef, user, canSeeNotifications, onOpenPalette, onOpenMenu }: TopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b bg-card px-2 md:gap-2 md:px-4">
      {onOpenMenu && <IconButton label="Open menu" tooltip={false} onClick={onOpenMenu} icon={<Menu aria-hidden className="size-5" />} />}
      <div ref={slotRef} className="peer flex min-w-0 flex-1 items-center overflow-hidden empty:hidden" />
      {onOpenMenu ? (
        // Phones: the page's own header (the h1) is in the page; this only names the section.
        <span className="min-w-0 flex-1 truncate text-base font-semibold">{fallbackTitle}</span>
      ) : (
        <h1 className="hidden min-w-0 flex-1 truncate text-base font-semibold peer-empty:block">{fallbackTitle}</h1>
      )}
      <IconButton
        label="Go to…"
        tooltip={false}
        onClick={onOpenPalette}
        className="sm:hidden"
        icon={<Search aria-hidden className="size-4" />}
      />
      <button
        type="button"
        onClick={onOpenPalette}
        className="hidden h-8 items-center gap-2 rounded-md border bg-background px-2.5 text-xs text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex"
      >
        <Search aria-hidden className="size-3.5" />
        <span>Go to…</span>
        <kbd className="rounded border bg-muted px-1 font-sans text-[10px]">Ctrl K</kbd>
      </button>
      <RefreshButton />
      <NotificationsBell allowed={canSeeNotifications} />
      <HelpMenu />
      <UserMenu name={user.name} email={user.email} />
    </header>
  );
}
