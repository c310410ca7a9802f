import { stringify } from 'yaml';
import { CHART_REPOSITORY } from './gitops-charts';
import type { ReleaseInput } from './release-input';

const YAML_OPTIONS = { lineWidth: 0 } as const;

/**
 * The Flux documents that install a chart: its Namespace, the flanksource HelmRepository and a HelmRelease
 * carrying the values, all reconciled every `interval`. Multi-document YAML, ready for a GitOps repository.
 */
export function fluxManifest({ chart, releaseName, namespace, interval, values }: ReleaseInput): string {
  const docs: Record<string, unknown>[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: CHART_REPOSITORY.name, namespace },
      spec: { interval, url: CHART_REPOSITORY.url },
    },
    {
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: releaseName, namespace },
      spec: {
        interval,
        chart: { spec: { chart, sourceRef: { kind: 'HelmRepository', name: CHART_REPOSITORY.name, namespace } } },
        ...(Object.keys(values).length ? { values } : {}),
      },
    },
  ];
  return docs.map((d) => stringify(d, YAML_OPTIONS)).join('---\n');
}
