import type { ConnectionSource } from '@ops/shared';

const SOURCE_LABELS: Record<ConnectionSource, string> = {
  UI: 'UI',
  KubernetesCRD: 'Kubernetes CRD',
  ConfigFile: 'Config file',
  apply: 'apply',
};

/** The Source column's text. */
export function sourceLabel(source: ConnectionSource | string): string {
  return SOURCE_LABELS[source as ConnectionSource] ?? source;
}

/**
 * What the edit form says about a connection made outside the UI (it stays editable, but the next
 * apply or sync from its source may overwrite the edit); null for connections made here.
 */
export function managedByText(source: ConnectionSource | string): string | null {
  return source === 'UI' ? null : `Managed by ${sourceLabel(source)}`;
}
