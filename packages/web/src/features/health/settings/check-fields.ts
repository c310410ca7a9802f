/**
 * The form fields of the form-based check types (the check spec's fields with their required and minimum rules):
 * paths are inside the check entry, so a form edits the entry exactly as the Canary YAML holds it.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'codes' | 'secret' | 'auth' | 'headers' | 'script';

export interface FieldDef {
  path: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Minimum for number fields (0 for thresholds and counts). */
  min?: number;
  options?: readonly string[];
  placeholder?: string;
  /** Shown only when this holds for the entry (e.g. body only for POST and PUT). */
  showIf?: (entry: Record<string, unknown>) => boolean;
}

/** Response codes offered as toggle buttons by the HTTP check form. */
export const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

const name: FieldDef = { path: 'name', label: 'Name', kind: 'text', required: true };
const description: FieldDef = { path: 'description', label: 'Description', kind: 'text' };
const icon: FieldDef = { path: 'icon', label: 'Icon', kind: 'text' };
const threshold: FieldDef = { path: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number', min: 0 };
const username: FieldDef = { path: 'username', label: 'Username', kind: 'secret' };
const password: FieldDef = { path: 'password', label: 'Password', kind: 'secret' };
const test: FieldDef = { path: 'test', label: 'Test', kind: 'script' };
const display: FieldDef = { path: 'display', label: 'Display', kind: 'script' };
const transform: FieldDef = { path: 'transform', label: 'Transform', kind: 'script' };

const methodOf = (entry: Record<string, unknown>): string => String(entry.method ?? 'GET').toUpperCase();

/** Fields per form-based type. */
export const CHECK_FIELDS: Readonly<Record<string, readonly FieldDef[]>> = {
  http: [
    name,
    icon,
    description,
    { path: 'url', label: 'URL', kind: 'text', required: true, placeholder: 'https://example.com/health' },
    { path: 'method', label: 'Method', kind: 'select', options: HTTP_METHODS },
    { path: 'body', label: 'Body', kind: 'textarea', showIf: (e) => ['POST', 'PUT'].includes(methodOf(e)) },
    { path: 'headers', label: 'Headers', kind: 'headers' },
    { path: 'authentication', label: 'Authentication', kind: 'auth' },
    { path: 'responseCodes', label: 'Response Codes', kind: 'codes' },
    threshold,
    { path: 'responseContent', label: 'Response Content', kind: 'text' },
    { path: 'maxSSLExpiry', label: 'Max SSL Expiry (days)', kind: 'number', min: 0 },
    test,
    display,
    transform,
  ],
  exec: [
    name,
    icon,
    description,
    { path: 'script', label: 'Script', kind: 'textarea', required: true },
    { path: 'env', label: 'Environment', kind: 'headers' },
    test,
    display,
    transform,
  ],
  alertmanager: [name, icon, description, { path: 'url', label: 'URL', kind: 'text', required: true }, username, password, test, display],
  elasticsearch: [
    name,
    icon,
    description,
    { path: 'url', label: 'URL', kind: 'text', required: true },
    { path: 'index', label: 'Index', kind: 'text' },
    { path: 'query', label: 'Query', kind: 'textarea' },
    { path: 'results', label: 'Expected Results', kind: 'number', min: 0 },
    username,
    password,
    test,
  ],
  redis: [
    name,
    icon,
    description,
    { path: 'addr', label: 'Address', kind: 'text', required: true, placeholder: 'redis:6379' },
    { path: 'db', label: 'Database', kind: 'number', min: 0 },
    username,
    password,
    test,
  ],
  mongodb: [
    name,
    icon,
    description,
    { path: 'url', label: 'Connection URL', kind: 'text', required: true, placeholder: 'mongodb://host:27017' },
    username,
    password,
    test,
  ],
  icmp: [
    name,
    icon,
    description,
    { path: 'endpoint', label: 'Host', kind: 'text', required: true },
    threshold,
    { path: 'packetCount', label: 'Packet Count', kind: 'number', min: 0 },
    { path: 'packetLossThreshold', label: 'Packet Loss Threshold (%)', kind: 'number', min: 0 },
  ],
  folder: [
    name,
    icon,
    description,
    { path: 'path', label: 'Path', kind: 'text', required: true },
    { path: 'minAge', label: 'Min Age', kind: 'text', placeholder: '1h' },
    { path: 'maxAge', label: 'Max Age', kind: 'text', placeholder: '24h' },
    { path: 'minCount', label: 'Min Count', kind: 'number', min: 0 },
    { path: 'maxCount', label: 'Max Count', kind: 'number', min: 0 },
    { path: 'minSize', label: 'Min Size', kind: 'text', placeholder: '10Mi' },
    { path: 'maxSize', label: 'Max Size', kind: 'text', placeholder: '1Gi' },
    { path: 'filter.regex', label: 'Filter (regex)', kind: 'text' },
    test,
  ],
  tcp: [
    name,
    icon,
    description,
    { path: 'endpoint', label: 'Endpoint', kind: 'text', required: true, placeholder: 'host:port' },
    threshold,
  ],
};
