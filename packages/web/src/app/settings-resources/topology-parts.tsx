import { defineParts, type ResourceEditorProps } from '../../features/settings-resources/resource-table';
import type { SpecFormValues } from '../../features/spec-resources/spec-form-model';
import {
  createTopology,
  deleteTopology,
  getTopology,
  topologySpecKeys,
  updateTopology,
  type TopologyRow,
} from '../../features/spec-resources/topology-api';
import { TopologyEditor } from '../../features/spec-resources/topology-editor';
import { TopologyJobHistory } from '../../features/spec-resources/topology-job-history';
import { topologyWriteOf } from '../../features/spec-resources/topology-spec-text';

function TopologySpecEditor({ row, readOnly, canWrite, saving, onSave, deleteButton }: ResourceEditorProps<TopologyRow, SpecFormValues>) {
  return <TopologyEditor row={row} readOnly={readOnly} canWrite={canWrite} saving={saving} onSave={onSave} deleteButton={deleteButton} />;
}

function TopologyRuns({ id }: { id: string }) {
  return <TopologyJobHistory topologyId={id} />;
}

/** /settings/topologies: the Topology editor and its calls; name and namespace are sent only on create. */
export const TOPOLOGY_PARTS = defineParts<TopologyRow, SpecFormValues>({
  get: getTopology,
  async save(values, row) {
    const body = topologyWriteOf(values);
    if (row) {
      await updateTopology(row.id, { icon: body.icon, labels: body.labels, spec: body.spec });
      return { id: row.id, name: row.name, created: false };
    }
    const created = await createTopology(body);
    return { id: created.id, name: created.name, created: true };
  },
  remove: (row) => deleteTopology(row.id),
  Editor: TopologySpecEditor,
  JobHistory: TopologyRuns,
  invalidates: [topologySpecKeys.all, ['topology']],
});
