import type { LucideIcon } from 'lucide-react';
import { Activity, Boxes, Cloud, CloudCog, GitBranch, Radar } from 'lucide-react';
import awsSchema from './schemas/aws.values.schema.json';
import azureSchema from './schemas/azure.values.schema.json';
import fluxSchema from './schemas/flux.values.schema.json';
import kubernetesSchema from './schemas/kubernetes.values.schema.json';
import missionControlSchema from './schemas/mission-control.values.schema.json';
import prometheusSchema from './schemas/prometheus.values.schema.json';

/** The 'Add via GitOps' choices, in the order the dialog lists them. */
export const GITOPS_OPTIONS = ['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control'] as const;
export type GitOpsOption = (typeof GITOPS_OPTIONS)[number];

/** Where every generated manifest and command installs to, unless the user changes it. */
export const GITOPS_DEFAULTS = { namespace: 'mission-control', interval: '30m' } as const;

/** Flanksource's public chart repository, registered as the HelmRepository `flanksource`. */
export const CHART_REPOSITORY = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;

/** One chart of the registry: its name in the repository, values to start from and its values JSON schema. */
export interface GitOpsChart {
  option: GitOpsOption;
  chart: string;
  description: string;
  icon: LucideIcon;
  initialValues: Record<string, unknown>;
  /** JSON schema of the chart's main values; shipped with the app since a user's network may reach no registry. */
  schema: Record<string, unknown>;
}

export const GITOPS_CHARTS: Record<GitOpsOption, GitOpsChart> = {
  AWS: {
    option: 'AWS',
    chart: 'mission-control-aws',
    description: 'AWS resources, CloudTrail changes and Config rule insights',
    icon: Cloud,
    initialValues: { connection: '', region: ['us-east-1'], compliance: true, cloudtrail: { maxAge: '7d' } },
    schema: awsSchema,
  },
  Azure: {
    option: 'Azure',
    chart: 'mission-control-azure',
    description: 'Azure resources and activity logs',
    icon: CloudCog,
    initialValues: { subscriptionID: '', tenantID: '', scraper: { name: 'azure' }, connectionDetails: { connection: '' } },
    schema: azureSchema,
  },
  Prometheus: {
    option: 'Prometheus',
    chart: 'mission-control-prometheus',
    description: 'Topology and health of a Prometheus installation',
    icon: Activity,
    initialValues: {
      topologyName: 'prometheus',
      prometheusNamespace: 'monitoring',
      prometheusURL: 'http://prometheus.monitoring.svc:9090',
    },
    schema: prometheusSchema,
  },
  Flux: {
    option: 'Flux',
    chart: 'mission-control-flux',
    description: 'Topology of Flux sources, Kustomizations and HelmReleases',
    icon: GitBranch,
    initialValues: { topologyName: 'flux' },
    schema: fluxSchema,
  },
  Kubernetes: {
    option: 'Kubernetes',
    chart: 'mission-control-kubernetes',
    description: 'Cluster resources, events, topology and playbooks',
    icon: Boxes,
    initialValues: {
      clusterName: 'kubernetes',
      scraper: { schedule: '@every 15m' },
      topology: { schedule: '@every 5m' },
      playbooks: { enabled: true },
    },
    schema: kubernetesSchema,
  },
  'Mission Control': {
    option: 'Mission Control',
    chart: 'mission-control-watchtower',
    description: 'Mission Control watching itself: topology, database and views',
    icon: Radar,
    initialValues: { topologyName: 'mission-control', connectionName: 'mission-control-db', playbooks: true },
    schema: missionControlSchema,
  },
};
