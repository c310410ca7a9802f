/**
 * JSON schema of a `canaries.flanksource.com/v1` Canary, for the YAML editors (code-only check types
 * and the whole-canary Code view). Unknown fields are allowed everywhere: users bring canary-checker
 * YAML unchanged, and the server keeps what it does not know. It checks the shapes the UI relies on:
 * names, endpoints, numbers with their minimums, enums and secret references.
 */
import type { JsonSchema } from '../json-schema/types.js';

const str: JsonSchema = { type: 'string' };
const bool: JsonSchema = { type: 'boolean' };
const nonNegative: JsonSchema = { type: 'integer', minimum: 0 };
const stringMap: JsonSchema = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } };
const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });

/** test / display / transform: Go template, CEL (expr), JSONPath or JavaScript. */
const template: JsonSchema = {
  type: 'object',
  properties: { template: str, expr: str, jsonPath: str, javascript: str },
};

/** Fields every check type shares (canary-checker's Description + Templatable). */
const common: Record<string, JsonSchema> = {
  name: { type: 'string', minLength: 1 },
  description: str,
  namespace: str,
  icon: str,
  labels: stringMap,
  severity: str,
  owner: str,
  test: ref('template'),
  display: ref('template'),
  transform: ref('template'),
  dependsOn: { type: 'array', items: str },
  transformDeleteStrategy: str,
  metrics: {
    type: 'array',
    items: {
      type: 'object',
      required: ['name', 'value'],
      properties: {
        name: str,
        type: { type: 'string', enum: ['counter', 'gauge', 'histogram'] },
        value: str,
        labels: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: str, value: str, valueExpr: str } } },
      },
    },
  },
};

/** A check entry: the common fields plus the type's own; `required` lists what it cannot run without. */
function check(required: string[], properties: Record<string, JsonSchema> = {}): JsonSchema {
  return { type: 'object', required: ['name', ...required], properties: { ...common, ...properties } };
}

/** Connection fields (a `connection://` reference or inline url and credentials). */
const connection: Record<string, JsonSchema> = { connection: str, url: str, username: ref('envVar'), password: ref('envVar') };

const sql = check(['query'], { ...connection, query: str, results: nonNegative, driver: str });

/** The check types of a Canary spec and their JSON schemas (keys as canary-checker spells them). */
export const CANARY_CHECK_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  http: check([], {
    ...connection,
    endpoint: str,
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] },
    headers: { type: 'array', items: ref('namedEnvVar') },
    body: str,
    templateBody: bool,
    responseCodes: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 } },
    responseContent: str,
    responseJSONContent: { type: 'object', properties: { path: str, value: str } },
    thresholdMillis: nonNegative,
    maxSSLExpiry: nonNegative,
    ntlm: bool,
    ntlmv2: bool,
    digest: bool,
    oauth2: { type: 'object' },
    tlsConfig: { type: 'object' },
  }),
  tcp: check(['endpoint'], { endpoint: str, thresholdMillis: nonNegative }),
  icmp: check(['endpoint'], { endpoint: str, thresholdMillis: nonNegative, packetCount: nonNegative, packetLossThreshold: nonNegative }),
  dns: check(['query'], {
    server: str,
    port: nonNegative,
    query: str,
    querytype: { type: 'string', enum: ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'] },
    minrecords: nonNegative,
    exactreply: { type: 'array', items: str },
    timeout: nonNegative,
    thresholdMillis: nonNegative,
  }),
  exec: check(['script'], {
    script: str,
    env: { type: 'array', items: ref('namedEnvVar') },
    connections: { type: 'object' },
    checkout: { type: 'object' },
    artifacts: { type: 'array', items: { type: 'object', required: ['path'], properties: { path: str } } },
  }),
  folder: check(['path'], {
    path: str,
    filter: { type: 'object', properties: { minAge: str, maxAge: str, minSize: str, maxSize: str, regex: str, since: str } },
    minAge: str,
    maxAge: str,
    minCount: nonNegative,
    maxCount: nonNegative,
    minSize: str,
    maxSize: str,
    awsConnection: { type: 'object' },
    gcpConnection: { type: 'object' },
    sftpConnection: { type: 'object' },
    smbConnection: { type: 'object' },
  }),
  postgres: sql,
  mysql: sql,
  mssql: sql,
  redis: check(['addr'], { ...connection, addr: str, db: nonNegative }),
  mongodb: check([], { ...connection }),
  elasticsearch: check(['url'], { ...connection, index: str, query: str, results: nonNegative }),
  opensearch: check(['url'], { ...connection, index: str, query: str, results: nonNegative }),
  prometheus: check(['query'], { ...connection, host: str, query: str }),
  alertmanager: check(['url'], {
    ...connection,
    alerts: { type: 'array', items: str },
    filters: stringMap,
    exclude_filters: stringMap,
    ignore: { type: 'array', items: str },
  }),
  ldap: check(['url'], { ...connection, bindDN: str, userSearch: str, skipTLSVerify: bool }),
  pod: check([], { namespace: str, spec: str, scheduleTimeout: nonNegative, readyTimeout: nonNegative, httpTimeout: nonNegative }),
  namespace: check([], { namespaceNamePrefix: str, podSpec: str }),
  kubernetes: check(['kind'], { kind: str, namespaceSelector: { type: 'object' }, resource: { type: 'object' }, ready: bool }),
  kubernetesResource: check([], { resources: { type: 'array' }, staticResources: { type: 'array' }, checks: { type: 'array' } }),
  s3: check(['bucketName'], { bucketName: str, objectPath: str, region: str, endpoint: str, accessKey: ref('envVar'), secretKey: ref('envVar') }),
  ec2: check(['ami'], { ami: str, region: str, userData: str, securityGroup: str, keepAlive: bool }),
  cloudwatch: check([], { region: str, filter: { type: 'object' } }),
  awsConfig: check(['query'], { query: str, aggregatorName: str, region: str }),
  awsConfigRule: check([], { rules: { type: 'array', items: str }, ignoreRules: { type: 'array', items: str }, complianceTypes: { type: 'array', items: str } }),
  gcsBucket: check(['bucket'], { bucket: str, credentials: ref('envVar') }),
  databaseBackup: check([], { maxAge: str, gcp: { type: 'object' } }),
  jmeter: check(['jmx'], { jmx: { type: ['string', 'object'] }, host: str, port: nonNegative, properties: { type: 'array', items: str }, responseDuration: str }),
  junit: check(['spec'], { testResults: str, spec: { type: 'object' }, timeout: nonNegative }),
  dynatrace: check([], { host: str, scheme: { type: 'string', enum: ['http', 'https'] }, apiKey: ref('envVar') }),
  helm: check(['chartmuseum'], { chartmuseum: str, project: str, cafile: str }),
  docker: check(['image'], { image: str, expectedDigest: str, expectedSize: nonNegative }),
  dockerPush: check(['image'], { image: str }),
  containerd: check(['image'], { image: str, expectedDigest: str, expectedSize: nonNegative }),
  restic: check(['repository'], { repository: str, password: ref('envVar'), maxAge: str }),
  github: check(['query'], { query: str, githubToken: ref('envVar') }),
  azureDevops: check(['project'], { organization: str, project: str, pipeline: str, personalAccessToken: ref('envVar') }),
  catalog: check([], { selector: { type: 'array' } }),
};

const specProperties: Record<string, JsonSchema> = {
  schedule: { type: 'string', minLength: 1 },
  interval: nonNegative,
  icon: str,
  severity: str,
  owner: str,
  resultMode: str,
  env: { type: 'object' },
};
for (const type of Object.keys(CANARY_CHECK_SCHEMAS)) specProperties[type] = { type: 'array', items: ref(type) };

/** The whole Canary document (apiVersion, kind, metadata, spec) as the editors validate it. */
export const CANARY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { type: 'string', const: 'canaries.flanksource.com/v1' },
    kind: { type: 'string', const: 'Canary' },
    metadata: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1 }, namespace: str, labels: stringMap, annotations: stringMap },
    },
    spec: { type: 'object', properties: specProperties },
  },
  $defs: {
    ...CANARY_CHECK_SCHEMAS,
    template,
    keyRef: { type: 'object', required: ['name', 'key'], properties: { name: str, key: str } },
    envVar: {
      type: ['string', 'object'],
      properties: {
        value: { type: ['string', 'number', 'boolean'] },
        valueFrom: { type: 'object', properties: { secretKeyRef: ref('keyRef'), configMapKeyRef: ref('keyRef') } },
      },
    },
    namedEnvVar: {
      type: 'object',
      required: ['name'],
      properties: {
        name: str,
        value: { type: ['string', 'number', 'boolean'] },
        valueFrom: { type: 'object', properties: { secretKeyRef: ref('keyRef'), configMapKeyRef: ref('keyRef') } },
      },
    },
  },
};

/**
 * The schema of one check entry of `type` (for a code-only check's own YAML editor): the entry's
 * definition with the shared definitions it refers to. Unknown types accept any object with a name.
 */
export function checkEntrySchema(type: string): JsonSchema {
  const entry = CANARY_CHECK_SCHEMAS[type] ?? check([]);
  return { ...entry, $defs: CANARY_SCHEMA.$defs };
}
