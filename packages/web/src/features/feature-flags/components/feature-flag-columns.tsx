import { MESSAGES } from '@ops/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { DateCell, PersonCell } from '../../../components/data-table';
import { Badge, IconButton, Tooltip } from '../../../components/ui';
import { isLocalFlag, type FeatureFlag } from '../api/feature-flags-api';

const col = createColumnHelper<FeatureFlag>();

export interface FlagActions {
  canWrite: boolean;
  onEdit: (flag: FeatureFlag) => void;
  onDelete: (flag: FeatureFlag) => void;
}

/** Edit / Delete buttons, or a lock explaining why a local flag has none. */
function ActionsCell({ flag, actions }: { flag: FeatureFlag; actions: FlagActions }) {
  if (isLocalFlag(flag)) {
    return (
      <Tooltip content={MESSAGES.localFeatureFlag}>
        <span className="inline-flex p-2 text-muted-foreground" aria-label={MESSAGES.localFeatureFlag}>
          <Lock aria-hidden className="size-4" />
        </span>
      </Tooltip>
    );
  }
  return (
    <span className="inline-flex gap-1">
      <IconButton label={`Edit ${flag.name}`} icon={<Pencil />} onClick={() => actions.onEdit(flag)} />
      <IconButton label={`Delete ${flag.name}`} icon={<Trash2 />} className="text-destructive" onClick={() => actions.onDelete(flag)} />
    </span>
  );
}

/** Columns of the feature-flag list; ids are the server columns they sort by. */
export function featureFlagColumns(actions: FlagActions) {
  const columns = [
    col.accessor('name', { header: 'Name', cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
    col.accessor('value', { header: 'Value', cell: (c) => <code className="break-all text-xs">{c.getValue()}</code> }),
    col.accessor('source', {
      header: 'Source',
      cell: (c) => <Badge variant={isLocalFlag(c.row.original) ? 'warning' : 'secondary'}>{c.getValue()}</Badge>,
    }),
    col.accessor('created_by', { header: 'Created By', enableSorting: false, cell: (c) => <PersonCell person={c.getValue()} /> }),
    col.accessor('created_at', { header: 'Created', meta: { firstSortOrder: 'desc' }, cell: (c) => <DateCell value={c.getValue()} /> }),
    col.accessor('updated_at', { header: 'Updated', meta: { firstSortOrder: 'desc' }, cell: (c) => <DateCell value={c.getValue()} /> }),
  ];
  if (!actions.canWrite) return columns;
  return [
    ...columns,
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-24 text-right', headerClassName: 'w-24' },
      cell: (c) => <ActionsCell flag={c.row.original} actions={actions} />,
    }),
  ];
}
