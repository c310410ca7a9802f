import { Search } from 'lucide-react';
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
}

/** The shell's top bar: page title, command-palette button, refresh, bell, help and user menus. */
export function TopBar({ fallbackTitle, slotRef, user, canSeeNotifications, onOpenPalette }: TopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-card px-4">
      <div ref={slotRef} className="peer flex min-w-0 flex-1 items-center empty:hidden" />
      <h1 className="hidden min-w-0 flex-1 truncate text-base font-semibold peer-empty:block">{fallbackTitle}</h1>
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
