import { parseDocument } from 'yaml';

/** What a generated manifest or command installs: a chart as a named release with values. */
export interface ReleaseInput {
  chart: string;
  releaseName: string;
  namespace: string;
  /** How often Flux reconciles, a Go duration such as 30m. */
  interval: string;
  values: Record<string, unknown>;
}

export type ReleaseField = 'releaseName' | 'namespace' | 'interval';

// Helm release names are DNS labels of at most 53 characters; namespaces of at most 63.
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const GO_DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;

/** The problem with one field of the release form, or null when it is fine. */
export function releaseFieldError(field: ReleaseField, value: string): string | null {
  const v = value.trim();
  if (!v) return 'This field is required';
  if (field === 'interval') return GO_DURATION.test(v) ? null : 'Use a duration such as 30m, 1h or 90s';
  const max = field === 'releaseName' ? 53 : 63;
  if (v.length > max) return `At most ${max} characters`;
  return DNS_LABEL.test(v) ? null : 'Lower-case letters, digits and dashes, starting and ending with a letter or digit';
}

/** The values editor's text as an object: empty text is no values; anything but a mapping is an error. */
export function parseValues(text: string): { values: Record<string, unknown> } | { error: string } {
  const doc = parseDocument(text);
  if (doc.errors.length) return { error: doc.errors[0]!.message.split('\n')[0]! };
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return { values: {} };
  if (typeof value !== 'object' || Array.isArray(value)) return { error: 'The values must be a YAML mapping (key: value)' };
  return { values: value as Record<string, unknown> };
}
