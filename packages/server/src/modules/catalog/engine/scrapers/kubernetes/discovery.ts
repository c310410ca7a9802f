import type { KubeClient } from './kube-client.js';

// Which resources the cluster serves: core v1 plus each API group's preferred version, keeping
// the listable top-level resources (no subresources such as pods/log).

export interface ApiResource {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

interface ResourceList {
  resources?: Array<{ name: string; kind: string; namespaced: boolean; verbs?: string[] }>;
}

interface GroupList {
  groups?: Array<{
    name: string;
    preferredVersion?: { groupVersion: string; version: string };
    versions?: Array<{ groupVersion: string; version: string }>;
  }>;
}

/** "apps/v1" or "v1" as used in object apiVersion. */
export function apiVersionOf(r: Pick<ApiResource, 'group' | 'version'>): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** The list path of a resource, optionally in one namespace. */
export function listPath(r: ApiResource, namespace?: string): string {
  const base = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  return namespace && r.namespaced ? `${base}/namespaces/${encodeURIComponent(namespace)}/${r.plural}` : `${base}/${r.plural}`;
}

function toResources(list: ResourceList, group: string, version: string): ApiResource[] {
  return (list.resources ?? [])
    .filter((r) => !r.name.includes('/') && (r.verbs ?? []).includes('list'))
    .map((r) => ({ group, version, kind: r.kind, plural: r.name, namespaced: r.namespaced }));
}

/**
 * Discover listable resources. Group documents that fail are reported in `errors` (the scrape is
 * then partial); the rest are returned.
 */
export async function discoverResources(
  client: KubeClient,
  runLimited: <T>(fn: () => Promise<T>) => Promise<T>,
  signal?: AbortSignal,
): Promise<{ resources: ApiResource[]; errors: string[] }> {
  const errors: string[] = [];
  const core = await client.get<ResourceList>('/api/v1', {}, signal);
  const resources = toResources(core, '', 'v1');
  const groups = await client.get<GroupList>('/apis', {}, signal);
  const lists = await Promise.all(
    (groups.groups ?? []).map(async (g): Promise<ApiResource[]> => {
      const pv = g.preferredVersion ?? g.versions?.[0];
      if (!pv) return [];
      return runLimited(async () => {
        try {
          return toResources(await client.get<ResourceList>(`/apis/${pv.groupVersion}`, {}, signal), g.name, pv.version);
        } catch (err) {
          errors.push(`discovery of ${pv.groupVersion}: ${(err as Error).message}`);
          return [];
        }
      });
    }),
  );
  return { resources: [...resources, ...lists.flat()], errors };
}
