import { FRONTEND_VERSION } from '@ops/shared';
import { ChevronDown, LogOut, Monitor, Moon, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useAbout } from '../../lib/use-about';
import { SHELL_LINKS } from '../nav';
import { useTheme } from '../theme';
import { useSignOut } from './use-sign-out';

/** The user menu: greeting, profile, dark-mode toggle, version line and Sign out. */
export function UserMenu({ name, email }: { name: string; email: string | null }) {
  const { version } = useAbout();
  const theme = useTheme();
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="User menu"
        className="flex h-9 items-center gap-2 rounded-md px-1.5 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar name={name} size="sm" />
        <span className="hidden max-w-40 truncate md:inline">{name}</span>
        <ChevronDown aria-hidden className="size-3.5 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <div className="px-2 py-1.5">
          <p className="truncate text-sm font-medium">Hi {name}</p>
          {email && <p className="truncate text-xs text-muted-foreground">{email}</p>}
        </div>
        <DropdownMenuSeparator />
        {SHELL_LINKS.profile.exists && (
          <DropdownMenuItem asChild>
            <Link to={SHELL_LINKS.profile.path}>
              <UserRound aria-hidden />
              Your Profile
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuCheckboxItem
          checked={theme.resolved === 'dark'}
          onCheckedChange={(dark) => theme.setChoice(dark ? 'dark' : 'light')}
          onSelect={(e) => e.preventDefault()}
        >
          <Moon aria-hidden />
          Dark mode
        </DropdownMenuCheckboxItem>
        {theme.choice !== 'system' && (
          <DropdownMenuItem onSelect={(e) => (e.preventDefault(), theme.setChoice('system'))}>
            <Monitor aria-hidden />
            Use system theme
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>
          Frontend {FRONTEND_VERSION} / Backend {version}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
