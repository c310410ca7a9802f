import { BookOpen, CircleHelp, Keyboard } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { buttonClasses } from '../../components/ui/button';
import { DOCS_URL } from '../paths';

/** Help menu: the Docs link and the keyboard shortcuts. */
export function HelpMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label="Help" className={buttonClasses('ghost', 'icon')}>
        <CircleHelp aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <a href={DOCS_URL} target="_blank" rel="noreferrer">
            <BookOpen aria-hidden />
            Docs
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2">
          <Keyboard aria-hidden className="size-3.5" />
          Ctrl/⌘ K: command palette · /: search
        </DropdownMenuLabel>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
