import { History, MoreVertical, Pencil, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  Button,
  buttonClasses,
  Card,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  IconButton,
} from '../../../components/ui';
import type { PlaybookRow } from '../api/playbooks-api';
import { playbookRunsPath } from './playbook-paths';
import { PlaybookIcon } from './playbook-icon';

export interface PlaybookCardProps {
  playbook: PlaybookRow;
  /** Write on playbooks: Run and the Edit/Delete menu. */
  canWrite: boolean;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One playbook on /playbooks: icon, title, description, History (its runs) and Run, and Edit/Delete. */
export function PlaybookCard({ playbook, canWrite, onRun, onEdit, onDelete }: PlaybookCardProps) {
  const headingId = `playbook-${playbook.id}`;
  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <PlaybookIcon icon={playbook.icon} className="mt-0.5 size-6" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate text-sm font-semibold">
            {playbook.title}
          </h3>
          <p className="line-clamp-2 text-xs text-muted-foreground">{playbook.description || playbook.name}</p>
        </div>
        {canWrite && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <IconButton label={`Actions for ${playbook.title}`} tooltip={false} icon={<MoreVertical aria-hidden />} />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={onEdit}>
                <Pencil aria-hidden /> Edit
              </DropdownMenuItem>
              <DropdownMenuItem destructive onSelect={onDelete}>
                <Trash2 aria-hidden /> Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <div className="mt-auto flex justify-end gap-2">
        <Link to={playbookRunsPath({ playbook: playbook.id })} className={buttonClasses('outline', 'sm')}>
          <History aria-hidden /> History
        </Link>
        {canWrite && (
          <Button size="sm" onClick={onRun}>
            <Play aria-hidden /> Run
          </Button>
        )}
      </div>
    </Card>
  );
}
