import { PLAYBOOK_MESSAGES } from '@ops/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks, Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses, ConfirmDialog, EmptyState, ErrorState, PageHeader, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { toastError } from '../../../lib/notify';
import { usePermissions } from '../../../lib/use-whoami';
import { playbookKeys } from '../api/playbook-keys';
import { deletePlaybook, listPlaybooks, type PlaybookRow } from '../api/playbooks-api';
import { groupPlaybooks } from '../lib/group-playbooks';
import { PlaybookSpecDialog } from '../spec-dialog/playbook-spec-dialog';
import { PlaybookCard } from './playbook-card';
import { PLAYBOOK_PATHS } from './playbook-paths';
import { PlaybookRunSlot } from './playbook-run-slot';

/** /playbooks: the live playbooks as cards grouped by category, with Create Playbook, History, Run, Edit and Delete. */
export function PlaybooksPage() {
  const client = useQueryClient();
  const { can } = usePermissions();
  const canWrite = can('playbooks', 'write');
  const playbooks = useQuery({ queryKey: playbookKeys.list(), queryFn: ({ signal }) => listPlaybooks(signal) });
  const [editing, setEditing] = useState<PlaybookRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlaybookRow | null>(null);
  const [running, setRunning] = useState<PlaybookRow | null>(null);

  const remove = async (row: PlaybookRow) => {
    try {
      await deletePlaybook(row.id);
    } catch (err) {
      toastError(new Error(PLAYBOOK_MESSAGES.deleteFailed(errorMessage(err))));
      throw err;
    }
    await client.invalidateQueries({ queryKey: playbookKeys.all });
  };

  const groups = groupPlaybooks(playbooks.data ?? []);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-auto">
      <PageHeader
        title="Playbooks"
        actions={
          <>
            <Link to={PLAYBOOK_PATHS.runs} className={buttonClasses('outline')}>
              <ListChecks aria-hidden /> Runs
            </Link>
            <Link to={PLAYBOOK_PATHS.approvals} className={buttonClasses('outline')}>
              Approvals
            </Link>
            {canWrite && (
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden /> Create Playbook
              </Button>
            )}
          </>
        }
      />
      {playbooks.isPending && <Spinner label="Loading playbooks" className="mx-auto my-12" />}
      {playbooks.error && <ErrorState error={playbooks.error} onRetry={() => void playbooks.refetch()} />}
      {playbooks.data && groups.length === 0 && (
        <EmptyState
          icon={<Workflow />}
          title="No playbooks yet"
          description="A playbook is a list of actions run on a check, a config item or a component. Create one here or apply a Playbook spec."
          action={canWrite ? <Button onClick={() => setEditing('new')}>Create Playbook</Button> : undefined}
        />
      )}
      {groups.map((group) => (
        <section key={group.category} aria-label={group.category} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-muted-foreground">{group.category}</h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {group.playbooks.map((p) => (
              <PlaybookCard
                key={p.id}
                playbook={p}
                canWrite={canWrite}
                onRun={() => setRunning(p)}
                onEdit={() => setEditing(p)}
                onDelete={() => setDeleting(p)}
              />
            ))}
          </div>
        </section>
      ))}
      <PlaybookSpecDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        playbook={editing === 'new' || editing === null ? undefined : editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Playbook"
        description={deleting ? `Are you sure you want to delete playbook ${deleting.title}?` : undefined}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
      <PlaybookRunSlot playbook={running} onClose={() => setRunning(null)} />
    </div>
  );
}
