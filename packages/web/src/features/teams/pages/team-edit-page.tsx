import { MESSAGES } from '@ops/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useUrlState } from '../../../components/filters';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { useTeamEditor } from '../api/use-team-editor';
import { TeamForm } from '../components/team-form';
import { hasExternalSource } from '../components/team-form-model';
import { TeamJobHistory } from '../components/team-job-history';
import { TeamMembersPanel } from '../components/team-members-panel';

const TABS = ['spec', 'manageTeam', 'jobHistory'] as const;

/** /settings/teams/{id} (and /new): the team editor with Spec, Members (tab=manageTeam) and Job History tabs. */
export function TeamEditPage() {
  const { id = 'new' } = useParams();
  const { isNew, team, row, save, remove } = useTeamEditor(id);
  const canWrite = usePermissions().can('database', 'write');
  const [tabParam, setTab] = useUrlState('tab', 'spec');
  const tab = TABS.find((t) => t === tabParam) ?? 'spec';
  const [confirmDelete, setConfirmDelete] = useState(false);

  const title = isNew ? 'New Team' : (row?.name ?? 'Team');
  const header = <PageHeader title={title} breadcrumbs={[{ label: 'Settings' }, { label: 'Teams', to: '/settings/teams' }]} />;
  if (!isNew && team.isPending)
    return (
      <>
        {header}
        <Spinner size="lg" />
      </>
    );
  if (!isNew && team.error)
    return (
      <>
        {header}
        <ErrorState error={team.error} onRetry={() => void team.refetch()} />
      </>
    );
  if (!isNew && !row)
    return (
      <>
        {header}
        <EmptyState title={MESSAGES.noResources} />
      </>
    );

  const form = (
    <TeamForm
      key={row?.id ?? 'new'}
      team={row}
      canWrite={canWrite}
      saving={save.isPending}
      onSave={(v) => save.mutate(v)}
      extraActions={
        row && !hasExternalSource(row) ? (
          <Button variant="destructive" className="mr-auto" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden /> Delete
          </Button>
        ) : null
      }
    />
  );
  return (
    <div className="flex flex-col gap-3">
      {header}
      {isNew || !row ? (
        form
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Team tabs">
            <TabsTrigger value="spec">Spec</TabsTrigger>
            <TabsTrigger value="manageTeam">Members</TabsTrigger>
            <TabsTrigger value="jobHistory">Job History</TabsTrigger>
          </TabsList>
          <TabsContent value="spec">{form}</TabsContent>
          <TabsContent value="manageTeam">
            <TeamMembersPanel teamId={row.id} canWrite={canWrite} />
          </TabsContent>
          <TabsContent value="jobHistory">
            <TeamJobHistory teamId={row.id} />
          </TabsContent>
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete team"
        description={`Are you sure you want to delete the team ${row?.name ?? ''}?`}
        confirmLabel="Delete"
        destructive
        onConfirm={remove}
      />
    </div>
  );
}
