/** One entry of the health-check type picker. */
export interface CheckTypeInfo {
  /** The key in the Canary spec (canary-checker's spelling). */
  type: string;
  label: string;
  /** Form-based types; the rest are edited as YAML validated against the Canary schema. */
  form: boolean;
}

/** The picker's types: HTTP, Exec, Alert Manager, Elasticsearch, Redis, Mongo DB, ICMP Ping, Folder, TCP as forms. */
export const CHECK_TYPES: readonly CheckTypeInfo[] = [
  { type: 'http', label: 'HTTP', form: true },
  { type: 'exec', label: 'Exec', form: true },
  { type: 'alertmanager', label: 'Alert Manager', form: true },
  { type: 'elasticsearch', label: 'Elasticsearch', form: true },
  { type: 'redis', label: 'Redis', form: true },
  { type: 'mongodb', label: 'Mongo DB', form: true },
  { type: 'icmp', label: 'ICMP Ping', form: true },
  { type: 'folder', label: 'Folder', form: true },
  { type: 'tcp', label: 'TCP', form: true },
  { type: 'awsConfig', label: 'AWS Config', form: false },
  { type: 'awsConfigRule', label: 'AWS Config Rule', form: false },
  { type: 'cloudwatch', label: 'CloudWatch', form: false },
  { type: 'ec2', label: 'EC2', form: false },
  { type: 'ldap', label: 'LDAP', form: false },
  { type: 'pod', label: 'Pod', form: false },
  { type: 'namespace', label: 'Namespace', form: false },
  { type: 'dns', label: 'DNS', form: false },
  { type: 's3', label: 'S3', form: false },
  { type: 'gcsBucket', label: 'GCS', form: false },
  { type: 'databaseBackup', label: 'Database Backup', form: false },
  { type: 'prometheus', label: 'Prometheus', form: false },
  { type: 'kubernetes', label: 'Kubernetes', form: false },
  { type: 'kubernetesResource', label: 'Kubernetes Resource', form: false },
  { type: 'postgres', label: 'Postgres', form: false },
  { type: 'mysql', label: 'MySQL', form: false },
  { type: 'mssql', label: 'SQL Server', form: false },
  { type: 'opensearch', label: 'OpenSearch', form: false },
  { type: 'jmeter', label: 'JMeter', form: false },
  { type: 'junit', label: 'JUnit', form: false },
  { type: 'dynatrace', label: 'Dynatrace', form: false },
  { type: 'helm', label: 'Helm', form: false },
  { type: 'docker', label: 'Docker Pull', form: false },
  { type: 'restic', label: 'Restic', form: false },
  { type: 'github', label: 'GitHub', form: false },
  { type: 'azureDevops', label: 'Azure DevOps', form: false },
  { type: 'catalog', label: 'Catalog', form: false },
];

/** Info of a type key; unknown keys (from YAML) are code-only and labelled by their key. */
export function checkTypeInfo(type: string): CheckTypeInfo {
  return CHECK_TYPES.find((t) => t.type === type) ?? { type, label: type, form: false };
}

/** Spec keys that are check lists (the picker's types); everything else in a spec is kept as is. */
export const CHECK_TYPE_KEYS: ReadonlySet<string> = new Set(
  CHECK_TYPES.map((t) => t.type).concat(['containerd', 'dockerPush', 'containerdPush', 'configDB']),
);
