import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageHeaderSlotContext } from '../../components/ui/page-header';
import { flattenNav } from '../nav';
import { Sidebar } from './sidebar';
import { SidebarDrawer } from './sidebar-drawer';
import { TopBar } from './top-bar';
import { useVisibleNav } from './use-nav-access';
import { useShortcuts } from './use-shortcuts';
import { useSidebarState } from './use-sidebar-state';

// cmdk is only needed once the palette opens, so it stays out of the first load.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

function useRouteTitle(entries: ReturnType<typeof useVisibleNav>['entries']): string {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const handle = last?.handle as { title?: string } | undefined;
  if (handle?.title) return handle.title;
  const page = flattenNav(entries).find(({ item }) => last?.pathname.startsWith(item.path));
  return page?.item.label ?? 'Ops Console';
}

/**
 * The signed-in frame: sidebar, top bar and the current page, plus the global shortcuts. On phones the
 * sidebar is a drawer and page headers stay in the page (the top bar has no room for breadcrumbs and actions).
 */
export function Shell({ user }: { user: { name: string; email: string | null } }) {
  const nav = useVisibleNav();
  const sidebar = useSidebarState();
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const togglePalette = useCallback(() => setPaletteOpen((o) => !o), []);
  useShortcuts(togglePalette);
  const title = useRouteTitle(nav.entries);
  const phone = sidebar.mode === 'drawer';
  const openDrawer = useCallback(() => sidebar.setDrawerOpen(true), [sidebar]);

  return (
    <div className="flex h-dvh overflow-hidden">
      {phone ? (
        <SidebarDrawer entries={nav.entries} open={sidebar.drawerOpen} onOpenChange={sidebar.setDrawerOpen} />
      ) : (
        <Sidebar entries={nav.entries} collapsed={sidebar.collapsed} onToggle={sidebar.toggle} />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          fallbackTitle={title}
          slotRef={setSlot}
          user={user}
          canSeeNotifications={nav.access.isEnabled('settings.notifications') && nav.access.can('notifications')}
          onOpenPalette={togglePalette}
          onOpenMenu={phone ? openDrawer : undefined}
        />
        <main className="flex min-h-0 flex-1 flex-col overflow-auto p-3 md:p-4">
          <PageHeaderSlotContext.Provider value={phone ? null : slot}>
            <Outlet />
          </PageHeaderSlotContext.Provider>
        </main>
      </div>
      {paletteOpen && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} entries={nav.entries} />
        </Suspense>
      )}
    </div>
  );
}
