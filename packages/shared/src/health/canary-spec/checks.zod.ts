// The zod schema of one check entry per check type of a Canary spec (keys as canary-checker spells
// them). The server validates entries with these and adds the refinements that need its own code;
// the editors validate with them and derive their JSON Schema from them, so a field added here shows
// up in both.
import { z } from 'zod';
import {
  checkSchema,
  connectionFields,
  envVarValue,
  namedEnvVar,
  optionalBool,
  optionalInt,
  optionalString,
  requiredString,
} from './fields.zod.js';

const envList = () => z.array(namedEnvVar(), { error: 'must be a list of {name, value | valueFrom}' }).optional();
const sizeField = () => z.union([z.string(), z.number()], { error: 'must be a size such as 10MB' }).optional();
const alertNames = () => z.array(z.string(), { error: 'must be a list of alert names' }).optional();
const matcherMap = () => z.record(z.string(), z.string(), { error: 'must be a map of label names to patterns' }).optional();
const sqlCheck = () => checkSchema({ ...connectionFields, query: optionalString(), results: optionalInt() });
const searchCheck = () => checkSchema({ ...connectionFields, index: optionalString(), query: optionalString(), results: optionalInt() });

/** The record types a dns check can ask for (the server's resolver has one lookup for each). */
export const DNS_QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'PTR', 'MX', 'NS', 'TXT', 'SRV'] as const;

const dnsQueryType = () =>
  z
    .string()
    .optional()
    .refine((v) => !v || (DNS_QUERY_TYPES as readonly string[]).includes(v.toUpperCase()), {
      error: (iss) => `unknown query type "${String(iss.input).toUpperCase()}" (use ${DNS_QUERY_TYPES.join(', ')})`,
    })
    .describe(`One of ${DNS_QUERY_TYPES.join(', ')} (default A)`);

/** The check types this build runs, with the fields their probes read. */
export const RUNNABLE_CHECK_SCHEMAS = {
  http: checkSchema({
    ...connectionFields,
    endpoint: optionalString(),
    method: optionalString(),
    body: optionalString(),
    templateBody: optionalBool(),
    headers: envList(),
    env: envList(),
    responseCodes: z.array(z.number().int().min(100).max(599), { error: 'must be a list of HTTP status codes' }).optional(),
    responseContent: optionalString(),
    responseJSONContent: z
      .looseObject({ path: optionalString(), value: z.union([z.string(), z.number(), z.boolean()]).optional() })
      .optional(),
    thresholdMillis: optionalInt().describe('Fail when the response takes longer (milliseconds); also the request timeout'),
    maxSSLExpiry: optionalInt().describe('Fail when the certificate expires within this many days'),
    maxRedirects: optionalInt(),
    digest: optionalBool(),
    ntlm: optionalBool(),
    ntlmv2: optionalBool(),
    tlsConfig: z.looseObject({ insecureSkipVerify: optionalBool(), ca: envVarValue(), cert: envVarValue(), key: envVarValue() }).optional(),
    awsSigV4: z
      .looseObject({ accessKey: envVarValue(), secretKey: envVarValue(), region: optionalString(), service: optionalString() })
      .optional(),
  }),
  tcp: checkSchema({ endpoint: requiredString().describe('host:port to connect to'), thresholdMillis: optionalInt() }),
  icmp: checkSchema({
    endpoint: requiredString().describe('Host name or IP address to ping'),
    thresholdMillis: optionalInt(),
    packetLossThreshold: optionalInt(),
    packetCount: optionalInt(),
  }),
  dns: checkSchema({
    server: optionalString(),
    port: optionalInt(1),
    query: requiredString().describe('The name to look up'),
    querytype: dnsQueryType(),
    minrecords: optionalInt(),
    exactreply: z.array(z.string(), { error: 'must be a list of answers' }).optional(),
    timeout: optionalInt(),
    thresholdMillis: optionalInt(),
  }),
  exec: checkSchema({
    script: requiredString().describe('The script to run; exit code 0 passes unless a test decides'),
    env: envList(),
    artifacts: z.array(z.looseObject({ path: requiredString() }), { error: 'must be a list of {path}' }).optional(),
  }),
  folder: checkSchema({
    path: requiredString().describe(
      'The folder to check: a local path, s3://bucket/prefix with awsConnection, or sftp://host/path with sftpConnection',
    ),
    awsConnection: z
      .looseObject({
        connection: optionalString().describe('connection://namespace/name of an AWS or S3 connection'),
        accessKey: envVarValue(),
        secretKey: envVarValue(),
        region: optionalString(),
        endpoint: optionalString().describe('An S3-compatible endpoint (MinIO, Ceph, R2 …)'),
        usePathStyle: optionalBool(),
        skipTLSVerify: optionalBool(),
      })
      .optional(),
    sftpConnection: z
      .looseObject({
        connection: optionalString().describe('connection://namespace/name of an SFTP connection'),
        host: optionalString(),
        port: z.union([z.string(), z.number()], { error: 'must be a port number' }).optional(),
        username: envVarValue(),
        password: envVarValue(),
      })
      .optional(),
    recursive: optionalBool(),
    filter: z
      .looseObject({
        minAge: optionalString(),
        maxAge: optionalString(),
        minSize: sizeField(),
        maxSize: sizeField(),
        regex: optionalString(),
        since: optionalString(),
      })
      .optional(),
    minAge: optionalString(),
    maxAge: optionalString(),
    minCount: optionalInt(),
    maxCount: optionalInt(),
    minSize: sizeField(),
    maxSize: sizeField(),
    availableSize: sizeField(),
    totalSize: sizeField(),
  }),
  postgres: sqlCheck(),
  mysql: sqlCheck(),
  mssql: sqlCheck(),
  mongodb: checkSchema({ ...connectionFields }),
  redis: checkSchema({ ...connectionFields, addr: optionalString().describe('host:port of the Redis server'), db: optionalInt() }),
  prometheus: checkSchema({ ...connectionFields, host: optionalString(), query: requiredString().describe('A PromQL query') }),
  alertmanager: checkSchema({
    ...connectionFields,
    alerts: alertNames(),
    filters: matcherMap(),
    exclude_filters: matcherMap(),
    ignore: alertNames(),
  }),
  elasticsearch: searchCheck(),
  opensearch: searchCheck(),
};

/**
 * canary-checker types this build recognises but cannot run (cloud accounts, Kubernetes, tools): their
 * entries are kept with the common fields and reported invalid by the server with the reason.
 */
export const RECOGNISED_CHECK_TYPES = [
  'kubernetes',
  'kubernetesResource',
  'pod',
  'namespace',
  'helm',
  's3',
  'cloudwatch',
  'awsConfig',
  'awsConfigRule',
  'ec2',
  'gcsBucket',
  'pubsub',
  'databaseBackup',
  'azureDevops',
  'docker',
  'dockerPush',
  'containerd',
  'containerdPush',
  'ldap',
  'smb',
  'restic',
  'jmeter',
  'junit',
  'github',
  'gitProtocol',
  'dynatrace',
  'catalog',
  'webhook',
] as const;

export type CheckEntrySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** Every check type of a Canary spec and the schema of one of its entries. */
export const CANARY_CHECK_SCHEMAS: Readonly<Record<string, CheckEntrySchema>> = {
  ...RUNNABLE_CHECK_SCHEMAS,
  ...Object.fromEntries(RECOGNISED_CHECK_TYPES.map((type) => [type, checkSchema({})])),
};

/** The schema of one check entry of `type`; an unknown type accepts any object (as the server keeps it). */
export function checkEntrySchema(type: string): CheckEntrySchema {
  return CANARY_CHECK_SCHEMAS[type] ?? checkSchema({});
}
