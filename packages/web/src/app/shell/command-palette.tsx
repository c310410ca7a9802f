import { SEARCH_KINDS, type SearchKind } from '@ops/shared';
import { Command, defaultFilter } from 'cmdk';
import { LoaderCircle, LogOut, Moon, Sun } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { flattenNav, type NavEntry } from '../nav';
import { PATHS } from '../paths';
import { useTheme } from '../theme';
import { groupClasses, itemClasses, PaletteSearchResults } from './palette-search-results';
import { usePaletteSearch } from './use-palette-search';
import { useSignOut } from './use-sign-out';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: readonly NavEntry[];
}

function Item({ value, onSelect, children }: { value: string; onSelect: () => void; children: ReactNode }) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemClasses}>
      {children}
    </Command.Item>
  );
}

/** The page each search kind opens: a kind is searched only when this user can see that page. */
const KIND_PAGE: Record<SearchKind, string> = { config: PATHS.catalog, check: PATHS.health };

/** Local entries (pages, actions) that match the typed text, by cmdk's own fuzzy score. */
const matches = (value: string, search: string) => search.trim() === '' || defaultFilter(value, search.trim()) > 0;

/**
 * Ctrl/Cmd-K palette: jump to any page this user can see, find catalogue items and checks by name (the
 * server searches, 300 ms after typing pauses), toggle dark mode, sign out. Arrows move, Enter opens.
 */
export function CommandPalette({ open, onOpenChange, entries }: CommandPaletteProps) {
  const navigate = useNavigate();
  const theme = useTheme();
  const signOut = useSignOut();
  const [input, setInput] = useState('');
  const run = (fn: () => void) => () => {
    onOpenChange(false);
    fn();
  };
  const pages = flattenNav(entries);
  const kinds = useMemo(() => {
    const visible = new Set(pages.map(({ item }) => item.path));
    return SEARCH_KINDS.filter((kind) => visible.has(KIND_PAGE[kind]));
  }, [pages]);
  const search = usePaletteSearch(input, kinds);

  const pageItems = pages.filter(({ item, group }) => matches(`${group ?? ''} ${item.label} ${item.path}`, input));
  const darkLabel = theme.resolved === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  const actions = [
    { value: 'toggle dark mode theme', show: matches(`toggle dark mode theme ${darkLabel}`, input) },
    { value: 'sign out log out', show: matches('sign out log out', input) },
  ];
  const found = search.results ? kinds.some((kind) => search.results![kind].length > 0) : false;
  const nothing = pageItems.length === 0 && !actions.some((a) => a.show) && !found;

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      // Pages and actions are matched here and search hits by the server: cmdk must not hide either.
      shouldFilter={false}
      overlayClassName="fixed inset-0 z-50 bg-black/40"
      contentClassName="fixed left-1/2 top-[15vh] z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-2xl"
    >
      <Command.Input
        value={input}
        onValueChange={setInput}
        placeholder={kinds.length ? 'Go to a page, search the catalog and checks…' : 'Go to page or run a command…'}
        aria-label="Command"
        className="h-12 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Command.List className="max-h-96 overflow-y-auto p-2">
        {pageItems.length > 0 && (
          <Command.Group heading="Pages" className={groupClasses}>
            {pageItems.map(({ item, group }) => (
              <Item key={item.path} value={`page:${item.path}`} onSelect={run(() => void navigate(item.path))}>
                <item.icon aria-hidden />
                {group ? `${group} › ${item.label}` : item.label}
              </Item>
            ))}
          </Command.Group>
        )}
        {search.results && (
          <PaletteSearchResults kinds={kinds} results={search.results} onOpen={(href) => run(() => void navigate(href))()} />
        )}
        {search.isSearching && (
          <Command.Loading label="Searching">
            <div className="flex items-center gap-2 px-2.5 py-2 text-sm text-muted-foreground">
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
              Searching…
            </div>
          </Command.Loading>
        )}
        {search.error && !search.isSearching && (
          <div role="alert" className="px-2.5 py-2 text-sm text-destructive">
            Search failed: {search.error.message}
          </div>
        )}
        {actions.some((a) => a.show) && (
          <Command.Group heading="Actions" className={groupClasses}>
            {actions[0]!.show && (
              <Item value={actions[0]!.value} onSelect={run(() => theme.setChoice(theme.resolved === 'dark' ? 'light' : 'dark'))}>
                {theme.resolved === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
                {darkLabel}
              </Item>
            )}
            {actions[1]!.show && (
              <Item value={actions[1]!.value} onSelect={run(() => void signOut())}>
                <LogOut aria-hidden />
                Sign out
              </Item>
            )}
          </Command.Group>
        )}
        {nothing && !search.isSearching && !search.error && (
          <div className="px-3 py-6 text-center text-sm text-muted-foreground">No results found.</div>
        )}
      </Command.List>
    </Command.Dialog>
  );
}
