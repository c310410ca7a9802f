import { Command } from 'cmdk';
import { LogOut, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { flattenNav, type NavEntry } from '../nav';
import { useTheme } from '../theme';
import { useSignOut } from './use-sign-out';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: readonly NavEntry[];
}

const itemClasses =
  'flex cursor-default select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-foreground ' +
  'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground';

function Item({ value, onSelect, children }: { value: string; onSelect: () => void; children: ReactNode }) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemClasses}>
      {children}
    </Command.Item>
  );
}

/** Ctrl/Cmd-K palette: jump to any page this user can see, toggle dark mode, sign out. */
export function CommandPalette({ open, onOpenChange, entries }: CommandPaletteProps) {
  const navigate = useNavigate();
  const theme = useTheme();
  const signOut = useSignOut();
  const run = (fn: () => void) => () => {
    onOpenChange(false);
    fn();
  };
  const pages = flattenNav(entries);
  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      overlayClassName="fixed inset-0 z-50 bg-black/40"
      contentClassName="fixed left-1/2 top-[15vh] z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-2xl"
    >
      <Command.Input
        placeholder="Go to page or run a command…"
        aria-label="Command"
        className="h-12 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Command.List className="max-h-80 overflow-y-auto p-2">
        <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">No results found.</Command.Empty>
        {pages.length > 0 && (
          <Command.Group
            heading="Pages"
            className="[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-muted-foreground"
          >
            {pages.map(({ item, group }) => (
              <Item key={item.path} value={`${group ?? ''} ${item.label} ${item.path}`} onSelect={run(() => void navigate(item.path))}>
                <item.icon aria-hidden />
                {group ? `${group} › ${item.label}` : item.label}
              </Item>
            ))}
          </Command.Group>
        )}
        <Command.Group
          heading="Actions"
          className="[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-muted-foreground"
        >
          <Item value="toggle dark mode theme" onSelect={run(() => theme.setChoice(theme.resolved === 'dark' ? 'light' : 'dark'))}>
            {theme.resolved === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
            {theme.resolved === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          </Item>
          <Item value="sign out log out" onSelect={run(() => void signOut())}>
            <LogOut aria-hidden />
            Sign out
          </Item>
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}
