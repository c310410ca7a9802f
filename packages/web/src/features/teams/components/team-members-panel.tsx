import { TEAM_MESSAGES, type PersonRow } from '@ops/shared';
import { Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button, ConfirmDialog, EmptyState, ErrorState, IconButton, Spinner } from '../../../components/ui';
import { useMemberMutations, useTeamMembers } from '../api/use-team-members';
import { AddMembersDialog } from './add-members-dialog';

/** The Members tab (manageTeam): the team's people, add several at once, remove one. */
export function TeamMembersPanel({ teamId, canWrite }: { teamId: string; canWrite: boolean }) {
  const members = useTeamMembers(teamId);
  const { add, remove } = useMemberMutations(teamId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PersonRow | null>(null);
  const ids = useMemo(() => new Set((members.data ?? []).map((p) => p.id)), [members.data]);

  if (members.isPending) return <Spinner />;
  if (members.error) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <section aria-label="Team members" className="flex max-w-3xl flex-col gap-3">
      {canWrite && (
        <div>
          <Button size="sm" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden /> Add Members
          </Button>
        </div>
      )}
      {members.data.length === 0 ? (
        <EmptyState title={TEAM_MESSAGES.noMembers} />
      ) : (
        <ul className="divide-y rounded-md border bg-card">
          {members.data.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-3 py-2">
              <Avatar name={p.name} src={p.avatar} size="md" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{p.name}</p>
                {p.email && <p className="truncate text-xs text-muted-foreground">{p.email}</p>}
              </div>
              {canWrite && (
                <IconButton label={`Remove ${p.name}`} icon={<Trash2 />} className="text-destructive" onClick={() => setRemoving(p)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <AddMembersDialog
        open={adding}
        onOpenChange={setAdding}
        memberIds={ids}
        adding={add.isPending}
        onAdd={(people) => add.mutateAsync(people)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove team member"
        description={`Remove ${removing?.name ?? ''} from the team?`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => (removing ? remove.mutateAsync(removing) : undefined)}
      />
    </section>
  );
}
