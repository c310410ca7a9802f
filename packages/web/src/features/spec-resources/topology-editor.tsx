import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { toastError } from '../../lib/notify';
import { Button } from '../../components/ui';
import { SpecForm } from './spec-form';
import type { SpecFormValues } from './spec-form-model';
import { runTopology, topologySpecKeys, type TopologyRow } from './topology-api';
import { NEW_TOPOLOGY_SPEC, TOPOLOGY_RULES } from './topology-spec-text';

export interface TopologyEditorProps {
  row: TopologyRow | undefined;
  readOnly: boolean;
  /** Write permission: 'Run now' needs it even for a row from another source. */
  canWrite: boolean;
  saving: boolean;
  onSave: (values: SpecFormValues) => void;
  deleteButton: ReactNode;
}

/**
 * The Topology editor: Name, Namespace (default 'default'), Icon, Labels and the YAML spec validated against the
 * Topology schema (a whole Topology document may be pasted too); a stored topology can be run now.
 */
export function TopologyEditor({ row, readOnly, canWrite, saving, onSave, deleteButton }: TopologyEditorProps) {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: (id: string) => runTopology(id),
    onSuccess: async (result) => {
      const failed = result.errors.length > 0 || result.status === 'FAILED';
      if (failed) toast.error(`Run finished with errors: ${result.errors[0] ?? result.status}`);
      else toast.success(`Run finished: ${result.components} components`);
      await client.invalidateQueries({ queryKey: topologySpecKeys.all });
    },
    onError: toastError,
  });
  return (
    <SpecForm
      key={row ? `${row.id}:${row.updated_at}` : 'new'}
      row={row}
      rules={TOPOLOGY_RULES}
      starter={NEW_TOPOLOGY_SPEC}
      withNamespace
      withIcon
      readOnly={readOnly}
      saving={saving}
      onSave={onSave}
      label="Topology"
      specHint="The Topology's spec (schedule, components, properties, lookups); a whole Topology document may be pasted."
      extraActions={
        <>
          {deleteButton}
          {row && canWrite && (
            <Button variant="outline" loading={run.isPending} onClick={() => run.mutate(row.id)}>
              <Play aria-hidden /> Run now
            </Button>
          )}
        </>
      }
    />
  );
}
