/** Connection types for data stores, clouds and other services (everything but notification channels). */
import {
  certificateField,
  insecureTlsField,
  passwordField,
  propertyField,
  urlField,
  usernameField,
  type ConnectionTypeInfo,
} from './fields.js';

const database = (label: string, tls = false): ConnectionTypeInfo => ({
  label,
  category: 'data',
  fields: [urlField(), usernameField(), passwordField(), ...(tls ? [insecureTlsField] : [])],
});

const DATA_TYPES = {
  postgres: database('PostgreSQL'),
  mysql: database('MySQL'),
  sql_server: database('SQL Server'),
  http: {
    label: 'HTTP',
    category: 'other',
    fields: [urlField(), usernameField('Username', false), passwordField('Password', false), insecureTlsField],
  },
  prometheus: {
    label: 'Prometheus',
    category: 'data',
    fields: [urlField(), usernameField('Username', false), passwordField('Password', false), insecureTlsField],
  },
  elasticsearch: database('Elasticsearch', true),
  mongo: database('MongoDB', true),
  ldap: database('LDAP', true),
  redis: {
    label: 'Redis',
    category: 'data',
    fields: [
      urlField(),
      usernameField('Username', false),
      passwordField('Password', false),
      propertyField('db', 'Database', { kind: 'number', default: 0 }),
      insecureTlsField,
    ],
  },
  windows: {
    label: 'Windows',
    category: 'other',
    fields: [usernameField(), passwordField(), propertyField('domain', 'Domain')],
  },
  google_cloud: {
    label: 'Google Cloud',
    category: 'cloud',
    fields: [urlField('Endpoint', false), certificateField('Service account JSON', true)],
  },
  gcs: {
    label: 'Google Cloud Storage',
    category: 'cloud',
    fields: [
      propertyField('bucket', 'Bucket', { required: true }),
      urlField('Endpoint', false),
      certificateField('Service account JSON', true),
    ],
  },
  sftp: {
    label: 'SFTP',
    category: 'other',
    fields: [
      propertyField('host', 'Host', { required: true }),
      propertyField('port', 'Port', { kind: 'number', default: 22 }),
      usernameField(),
      passwordField(),
    ],
  },
  aws: {
    label: 'AWS',
    category: 'cloud',
    fields: [
      propertyField('region', 'Region'),
      propertyField('profile', 'Profile'),
      usernameField('Access Key', false),
      passwordField('Secret Key', false),
      urlField('Endpoint', false),
      insecureTlsField,
    ],
  },
  s3: {
    label: 'S3',
    category: 'cloud',
    fields: [
      propertyField('bucket', 'Bucket', { required: true }),
      propertyField('region', 'Region'),
      propertyField('profile', 'Profile'),
      usernameField('Access Key', false),
      passwordField('Secret Key', false),
      urlField('Endpoint', false),
      propertyField('usePathStyle', 'Use path style', { kind: 'boolean', default: false }),
      insecureTlsField,
    ],
  },
  kubernetes: {
    label: 'Kubernetes',
    category: 'cloud',
    fields: [urlField('API server', false), certificateField('Kubeconfig', true), insecureTlsField],
  },
  azure_devops: {
    label: 'Azure DevOps',
    category: 'cloud',
    fields: [usernameField('Organization'), passwordField('Personal Access Token')],
  },
  azure: {
    label: 'Azure',
    category: 'cloud',
    fields: [usernameField('Client ID'), passwordField('Client Secret'), propertyField('tenant', 'Tenant ID', { required: true })],
  },
  github: {
    label: 'GitHub',
    category: 'other',
    fields: [urlField('URL', false), passwordField('Personal Access Token')],
  },
  gitlab: {
    label: 'GitLab',
    category: 'other',
    fields: [urlField('URL', false), passwordField('Personal Access Token')],
  },
  restic: {
    label: 'Restic',
    category: 'other',
    fields: [
      urlField('Repository URL'),
      passwordField(),
      propertyField('awsConnectionName', 'AWS Connection Name'),
      propertyField('accessKey', 'Access Key', { kind: 'secret' }),
      propertyField('secretKey', 'Secret Key', { kind: 'secret' }),
    ],
  },
  smb: {
    label: 'SMB',
    category: 'other',
    fields: [
      propertyField('host', 'Host', { required: true }),
      propertyField('port', 'Port', { kind: 'number', default: 445 }),
      usernameField(),
      passwordField(),
      propertyField('domain', 'Domain'),
      propertyField('workstation', 'Workstation'),
      propertyField('sharename', 'Share name'),
      propertyField('searchPath', 'Search path'),
    ],
  },
  jmeter: {
    label: 'JMeter',
    category: 'other',
    hidden: true,
    fields: [propertyField('host', 'Host', { required: true }), propertyField('port', 'Port', { kind: 'number' })],
  },
  dynatrace: {
    label: 'Dynatrace',
    category: 'other',
    fields: [
      urlField('Host'),
      passwordField('API Key'),
      propertyField('scheme', 'Scheme', { kind: 'select', options: ['https', 'http'], default: 'https' }),
    ],
  },
  folder: {
    label: 'Folder',
    category: 'other',
    fields: [propertyField('path', 'Path', { required: true })],
  },
  git: {
    label: 'Git',
    category: 'other',
    fields: [
      urlField(),
      propertyField('auth', 'Authentication', { kind: 'select', options: ['basic', 'ssh'], default: 'basic' }),
      usernameField('Username', false),
      passwordField('Password', false),
      certificateField('SSH private key'),
      propertyField('ref', 'Ref', { default: 'main' }),
    ],
  },
} as const satisfies Record<string, ConnectionTypeInfo>;

/** Typed as plain entries, so that any type's optional parts (`composeUrl`, `hidden`) can be asked for. */
export const DATA_CONNECTION_TYPES: Readonly<Record<keyof typeof DATA_TYPES, ConnectionTypeInfo>> = DATA_TYPES;
