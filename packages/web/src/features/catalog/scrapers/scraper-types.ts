// The scraper types a new scraper can start from: the form-based ones get a Form tab (fields below),
// the rest start on the Code tab with a starter entry to fill in.

/** How a form field edits its value: one line, several lines, a number, or a list written one per line. */
export type ScraperFieldKind = 'text' | 'textarea' | 'number' | 'list';

/** One field of a form-based scraper type, keyed as the entry spells it. */
export interface ScraperField {
  key: string;
  label: string;
  kind: ScraperFieldKind;
  required?: boolean;
  hint?: string;
  placeholder?: string;
}

/** A scraper type: the spec key of its entries, its label, the form's fields (none: Code only) and a starter. */
export interface ScraperTypeInfo {
  key: string;
  label: string;
  fields?: readonly ScraperField[];
  /** The first entry of a new scraper of this type. */
  starter: Record<string, unknown>;
  /** The schedule a new scraper of this type starts with. */
  schedule: string;
}

const DEFAULT_SCHEDULE = '@hourly';
const secretRef = (name: string, key: string) => ({ valueFrom: { secretKeyRef: { name, key } } });

const TYPES: ScraperTypeInfo[] = [
  {
    key: 'kubernetes',
    label: 'Kubernetes',
    schedule: '@every 30m',
    starter: { clusterName: '', maxInFlight: 64 },
    fields: [
      { key: 'clusterName', label: 'Cluster name', kind: 'text', required: true },
      { key: 'namespace', label: 'Namespace', kind: 'text', hint: 'Empty scrapes every namespace' },
      { key: 'kubeconfig', label: 'Kubeconfig', kind: 'textarea', hint: 'Empty uses the server’s own cluster access' },
      { key: 'maxInFlight', label: 'Max in flight', kind: 'number' },
    ],
  },
  {
    key: 'sql',
    label: 'SQL',
    schedule: DEFAULT_SCHEDULE,
    starter: { connection: '', driver: 'postgres', query: '', type: '', id: '' },
    fields: [
      { key: 'connection', label: 'Connection', kind: 'text', required: true, placeholder: 'connection://default/my-db or postgres://…' },
      { key: 'driver', label: 'Driver', kind: 'text', placeholder: 'postgres' },
      { key: 'query', label: 'Query', kind: 'textarea', required: true },
      { key: 'type', label: 'Type', kind: 'text', required: true, hint: 'The config type of each row, e.g. Postgres::Table' },
      { key: 'id', label: 'ID', kind: 'text', required: true, hint: 'A JSONPath to each row’s id, e.g. $.id' },
    ],
  },
  {
    key: 'file',
    label: 'File',
    schedule: DEFAULT_SCHEDULE,
    starter: { type: '', id: '$.id', paths: [] },
    fields: [
      { key: 'paths', label: 'Paths', kind: 'list', hint: 'One path or glob a line' },
      { key: 'url', label: 'URL', kind: 'text' },
      { key: 'type', label: 'Type', kind: 'text' },
      { key: 'id', label: 'ID', kind: 'text', hint: 'A JSONPath to each item’s id, e.g. $.id' },
      { key: 'format', label: 'Format', kind: 'text', placeholder: 'json, yaml or properties' },
    ],
  },
  {
    key: 'http',
    label: 'HTTP',
    schedule: DEFAULT_SCHEDULE,
    starter: { url: '', type: '', id: '$.id' },
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true },
      { key: 'type', label: 'Type', kind: 'text', required: true },
      { key: 'id', label: 'ID', kind: 'text', required: true, hint: 'A JSONPath to each item’s id, e.g. $.id' },
    ],
  },
  {
    key: 'azure',
    label: 'Azure',
    schedule: DEFAULT_SCHEDULE,
    starter: { connection: 'connection://default/azure', subscriptionID: 'subscription-id', organisation: 'org' },
  },
  {
    key: 'kubernetesFile',
    label: 'Kubernetes File',
    schedule: DEFAULT_SCHEDULE,
    starter: { selector: { namespace: 'default', kind: 'Pod', name: 'app-*' }, files: [{ path: ['/app/config.json'], format: 'json' }] },
  },
  { key: 'trivy', label: 'Trivy', schedule: DEFAULT_SCHEDULE, starter: { version: '0.52.0', kubernetes: {}, timeout: '20m' } },
  { key: 'aws', label: 'AWS', schedule: DEFAULT_SCHEDULE, starter: { connection: 'connection://default/aws', region: ['us-east-1'] } },
  {
    key: 'githubActions',
    label: 'Github Actions',
    schedule: DEFAULT_SCHEDULE,
    starter: { owner: 'my-org', repository: 'my-repo', personalAccessToken: secretRef('github', 'token'), workflows: ['ci.yml'] },
  },
  {
    key: 'azureDevops',
    label: 'Azure DevOps',
    schedule: DEFAULT_SCHEDULE,
    starter: {
      organization: 'my-org',
      personalAccessToken: secretRef('azure-devops', 'token'),
      projects: ['my-project'],
      pipelines: ['*'],
    },
  },
  {
    key: 'exec',
    label: 'Custom',
    schedule: DEFAULT_SCHEDULE,
    starter: { type: 'Custom::Item', id: '$.id', name: '$.name', script: `echo '[{"id": "1", "name": "example"}]'` },
  },
];

/** The picker's types, sorted by label. */
export const SCRAPER_TYPES: readonly ScraperTypeInfo[] = [...TYPES].sort((a, b) => a.label.localeCompare(b.label));

/** The spec keys that hold scraper entries (everything else in a spec is a setting). */
export const SCRAPER_TYPE_KEYS: ReadonlySet<string> = new Set(TYPES.map((t) => t.key));

/** A type by its spec key; undefined for keys this editor does not know. */
export function scraperTypeInfo(key: string): ScraperTypeInfo | undefined {
  return TYPES.find((t) => t.key === key);
}
