import { MESSAGES } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useUrlState } from '../../../components/filters';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  Spinner,
  type Breadcrumb,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { resourceKeys } from '../api/resource-list-api';
import { useResourceWrites } from '../api/use-resource-writes';
import { ExternalSourceNote } from '../components/external-source-note';
import { isEditableSource, tabOf } from '../lib/table-rules';
import type { ResourceParts, ResourceTab, ResourceTable } from '../resource-table';

const TAB_LABELS: Record<ResourceTab, string> = { spec: 'Spec', manageTeam: 'Members', jobHistory: 'Job History' };

export interface ResourceEditPageProps {
  table: ResourceTable;
  parts: ResourceParts;
  /** Where a save or delete goes (the integrations list); default the row's page and the table's list. */
  returnTo?: string;
  /** The trail above the title; default Settings › the table. */
  breadcrumbs?: readonly Breadcrumb[];
}

/**
 * /settings/{table}/{id} and /settings/{table}/new: the table's editor, and for an existing row the tabs the table
 * has (?tab=spec|manageTeam|jobHistory). Read-only without write permission or for a row from another source.
 */
export function ResourceEditPage({ table, parts, returnTo, breadcrumbs }: ResourceEditPageProps) {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const canWrite = usePermissions().can(table.resource, 'write');
  const [tabParam, setTab] = useUrlState('tab', 'spec');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const query = useQuery({
    queryKey: resourceKeys.one(table.path, id),
    queryFn: ({ signal }) => parts.get(id, signal),
    enabled: !isNew,
    staleTime: 0,
  });
  const row = query.data ?? undefined;
  const { save, remove } = useResourceWrites(table, parts, row, returnTo);
  const external = !!row && !isEditableSource(table, row.source);
  const deletable = !!row && canWrite && !external;

  const title = isNew ? `New ${table.singular}` : (row?.name ?? table.singular);
  const header = (
    <PageHeader title={title} breadcrumbs={breadcrumbs ?? [{ label: 'Settings' }, { label: table.title, to: `/settings/${table.path}` }]} />
  );
  const alone = (body: ReactNode) => (
    <>
      {header}
      {body}
    </>
  );
  if (!isNew && query.isPending) return alone(<Spinner size="lg" />);
  if (!isNew && query.error) return alone(<ErrorState error={query.error} onRetry={() => void query.refetch()} />);
  if (!isNew && !row) return alone(<EmptyState title={MESSAGES.noResources} />);

  const editor = (
    <parts.Editor
      key={row?.id ?? 'new'}
      row={row}
      readOnly={!canWrite || external}
      canWrite={canWrite}
      external={external}
      saving={save.isPending}
      onSave={(values) => save.mutate(values)}
      onDelete={deletable ? () => setConfirmDelete(true) : undefined}
      deleteButton={
        deletable ? (
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
      {row && external && <ExternalSourceNote singular={table.singular} source={row.source ?? ''} />}
      {!row ? (
        editor
      ) : (
        <Tabs value={tabOf(table, tabParam)} onValueChange={setTab}>
          <TabsList aria-label={`${table.singular} tabs`}>
            {table.tabs.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="spec">{editor}</TabsContent>
          {parts.Members && table.tabs.includes('manageTeam') && (
            <TabsContent value="manageTeam">
              <parts.Members id={row.id} canWrite={canWrite} />
            </TabsContent>
          )}
          {table.tabs.includes('jobHistory') && (
            <TabsContent value="jobHistory">
              <parts.JobHistory id={row.id} />
            </TabsContent>
          )}
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${table.singular.toLowerCase()}`}
        description={`Are you sure you want to delete ${row?.name ?? `this ${table.singular.toLowerCase()}`}?`}
        confirmLabel="Delete"
        destructive
        onConfirm={remove}
      />
    </div>
  );
}
