// Every check type a Canary spec may hold: the ones this engine runs, and canary-checker types it
// recognises but cannot run here (their checks are kept and reported invalid with the reason).
import { checkEntrySchema } from '@ops/shared';
import { alertmanagerCheck } from './api/alertmanager.check.js';
import { prometheusCheck } from './api/prometheus.check.js';
import { elasticsearchCheck, opensearchCheck } from './api/search.check.js';
import type { CheckType } from './check-type.js';
import { dnsCheck } from './dns/dns.check.js';
import { execCheck } from './exec/exec.check.js';
import { folderCheck } from './folder/folder.check.js';
import { httpCheck } from './http/http.check.js';
import { icmpCheck } from './icmp.check.js';
import { redisCheck } from './redis/redis.check.js';
import { mongodbCheck } from './sql/mongodb.check.js';
import { mssqlCheck } from './sql/mssql.check.js';
import { mysqlCheck } from './sql/mysql.check.js';
import { postgresCheck } from './sql/postgres.check.js';
import { tcpCheck } from './tcp.check.js';

/** canary-checker types that need cloud accounts, Kubernetes or tools this build does not have. */
const NOT_RUNNABLE: Record<string, string> = {
  kubernetes: 'a Kubernetes cluster',
  kubernetesResource: 'a Kubernetes cluster',
  pod: 'a Kubernetes cluster',
  namespace: 'a Kubernetes cluster',
  helm: 'a Kubernetes cluster',
  s3: 'an AWS account',
  cloudwatch: 'an AWS account',
  awsConfig: 'an AWS account',
  awsConfigRule: 'an AWS account',
  ec2: 'an AWS account',
  gcsBucket: 'a Google Cloud account',
  pubsub: 'a Google Cloud account',
  databaseBackup: 'a Google Cloud account',
  azureDevops: 'an Azure DevOps organisation',
  docker: 'a Docker daemon',
  dockerPush: 'a Docker daemon',
  containerd: 'a containerd socket',
  containerdPush: 'a containerd socket',
  ldap: 'an LDAP client',
  smb: 'an SMB client',
  restic: 'the restic tool',
  jmeter: 'the JMeter tool',
  junit: 'a Kubernetes cluster',
  github: 'the GitHub CLI',
  gitProtocol: 'a git client',
  dynatrace: 'a Dynatrace API client',
  catalog: 'the configuration catalogue',
  webhook: 'an inbound webhook endpoint',
};

function notRunnable(type: string, needs: string): CheckType {
  return {
    type,
    schema: checkEntrySchema(type),
    endpoint: (spec) => String(spec.url ?? spec.endpoint ?? ''),
    unavailable: `${type} checks are recognised but cannot run here: they need ${needs}`,
  };
}

const RUNNABLE: CheckType[] = [
  httpCheck,
  tcpCheck,
  icmpCheck,
  dnsCheck,
  execCheck,
  folderCheck,
  postgresCheck,
  mysqlCheck,
  mssqlCheck,
  mongodbCheck,
  redisCheck,
  prometheusCheck,
  alertmanagerCheck,
  elasticsearchCheck,
  opensearchCheck,
];

const TYPES = new Map<string, CheckType>([
  ...RUNNABLE.map((t) => [t.type, t] as const),
  ...Object.entries(NOT_RUNNABLE).map(([t, needs]) => [t, notRunnable(t, needs)] as const),
]);

/** The check type named as a Canary spec key (`http`, `tcp`, …), or undefined. */
export function checkType(type: string): CheckType | undefined {
  return TYPES.get(type);
}

/** All spec keys that hold checks, in the order checks are expanded. */
export function checkTypeNames(): string[] {
  return [...TYPES.keys()];
}

/** The types this build can actually run (for the editor's type picker and docs). */
export function runnableCheckTypes(): string[] {
  return [...TYPES.values()].filter((t) => t.run).map((t) => t.type);
}
