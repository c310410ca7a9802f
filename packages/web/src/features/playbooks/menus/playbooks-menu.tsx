import type { PlaybookListItem } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Sparkles, Workflow } from 'lucide-react';
import { useState } from 'react';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { PlaybookRunDialog } from '../run-dialog/playbook-run-dialog';
import { resourceRef, type RunDialogResource } from '../run-dialog/run-target';
import { menuKeys, runnablePlaybooks } from './menu-api';

/**
 * The Playbooks menu of a check, config item or component: the playbooks that may run on it, suggested ones
 * first under 'Suggested'; choosing one opens the run dialog on this resource. Shown only to users who may
 * write playbook runs, and only when at least one playbook applies.
 */
export function PlaybooksMenu({ resource }: { resource: RunDialogResource }) {
  const perms = usePermissions();
  const allowed = perms.can('playbook_runs', 'write');
  const ref = resourceRef(resource);
  const list = useQuery({
    queryKey: menuKeys.runnable(ref),
    queryFn: ({ signal }) => runnablePlaybooks(ref, signal),
    enabled: allowed,
    staleTime: 30_000,
  });
  const [chosen, setChosen] = useState<PlaybookListItem>();
  const playbooks = list.data ?? [];
  if (!allowed || playbooks.length === 0) return null;
  const suggested = playbooks.filter((p) => p.suggested);
  const others = playbooks.filter((p) => !p.suggested);
  const item = (p: PlaybookListItem) => (
    <DropdownMenuItem key={p.id} onSelect={() => setChosen(p)}>
      {p.suggested ? <Sparkles aria-hidden /> : <Workflow aria-hidden />}
      {p.title || p.name}
    </DropdownMenuItem>
  );
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <Workflow aria-hidden /> Playbooks <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent aria-label="Playbooks" className="max-h-80 overflow-auto">
          {suggested.length > 0 && <DropdownMenuLabel>Suggested</DropdownMenuLabel>}
          {suggested.map(item)}
          {suggested.length > 0 && others.length > 0 && <DropdownMenuSeparator />}
          {others.map(item)}
        </DropdownMenuContent>
      </DropdownMenu>
      <PlaybookRunDialog playbook={chosen} resource={resource} open={!!chosen} onOpenChange={(open) => !open && setChosen(undefined)} />
    </>
  );
}
