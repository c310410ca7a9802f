// A log backend's spec (the `spec` of a logging_backends row) and a component's `logs:` entry (its log
// selector). A spec holds exactly one kind: file, loki, opensearch, elasticsearch, kubernetes or server.
import { z } from 'zod';
import { LOG_BACKEND_TYPES, type LogBackendType } from './constants.js';

const text = (what: string) => z.string({ error: `must be ${what}` }).trim();
const labels = z.record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be a map of strings' });
/** `connection://namespace/name`, `namespace/name` or a bare name (namespace default). */
const connectionRef = text('a connection reference').min(1, 'must not be empty');
const url = text('a URL').regex(/^https?:\/\/[^\s]+$/, 'must be an http or https URL');

/** Message formats a file or stream may declare; autodetect picks per line. */
export const LOG_LINE_FORMATS = ['autodetect', 'json', 'logfmt', 'klog', 'klogfmt', 'syslog', 'text'] as const;

const fileSpec = z.strictObject({
  /** A path or glob (`*`, `?`, `[...]`, `{a,b}` per segment, `**` for any depth); rotated siblings (`app.log.1`) are read too. */
  path: text('a path or glob').min(1, 'is required'),
  format: z.enum(LOG_LINE_FORMATS).optional(),
});

const remote = { url: url.optional(), connection: connectionRef.optional() };
const needsEndpoint = (s: { url?: string; connection?: string }) => Boolean(s.url || s.connection);
const endpointMessage = { message: 'url or connection is required', path: ['url'] };

const lokiSpec = z
  .strictObject({
    ...remote,
    /** The LogQL used when a selector gives neither query nor labels, e.g. `{job="app"}`. */
    query: text('a LogQL query').min(1, 'must not be empty').optional(),
  })
  .refine(needsEndpoint, endpointMessage);

const searchSpec = z
  .strictObject({
    ...remote,
    index: text('an index name or pattern').min(1, 'is required'),
    /** A query_string query every search is limited to. */
    query: text('a query_string query').min(1, 'must not be empty').optional(),
    /** The field holding the message text (default `message`). */
    messageField: text('a field name').min(1, 'must not be empty').optional(),
    /** The time field searched and sorted on (default `@timestamp`). */
    timestampField: text('a field name').min(1, 'must not be empty').optional(),
  })
  .refine(needsEndpoint, endpointMessage);

const kubernetesSpec = z.strictObject({
  /** A stored connection of type kubernetes. */
  connection: connectionRef,
  namespace: text('a namespace').min(1, 'is required'),
  pod: text('a pod name').min(1, 'must not be empty').optional(),
  /** Pods by label when no pod is named. */
  labels: labels.optional(),
  container: text('a container name').min(1, 'must not be empty').optional(),
});

const serverSpec = z.strictObject({});

const KIND_SCHEMAS = {
  file: fileSpec,
  loki: lokiSpec,
  opensearch: searchSpec,
  elasticsearch: searchSpec,
  kubernetes: kubernetesSpec,
  server: serverSpec,
} satisfies Record<LogBackendType, z.ZodType>;

export type FileBackendSpec = z.infer<typeof fileSpec>;
export type LokiBackendSpec = z.infer<typeof lokiSpec>;
export type SearchBackendSpec = z.infer<typeof searchSpec>;
export type KubernetesBackendSpec = z.infer<typeof kubernetesSpec>;

/** A parsed spec: exactly one kind key with its settings. */
export type LoggingBackendSpec =
  | { file: FileBackendSpec }
  | { loki: LokiBackendSpec }
  | { opensearch: SearchBackendSpec }
  | { elasticsearch: SearchBackendSpec }
  | { kubernetes: KubernetesBackendSpec }
  | { server: Record<string, never> };

/** The kind of a parsed spec. */
export function loggingBackendKind(spec: LoggingBackendSpec): LogBackendType {
  return Object.keys(spec)[0] as LogBackendType;
}

/**
 * The spec of a log backend. Errors carry the path of the field (`loki.url`), so a form and the
 * data API can name it; an object with no kind, or two, names the kinds it accepts.
 */
export const loggingBackendSpecSchema: z.ZodType<LoggingBackendSpec> = z
  .record(z.string(), z.unknown(), { error: 'must be an object with one of the keys ' + LOG_BACKEND_TYPES.join(', ') })
  .transform((value, ctx): LoggingBackendSpec => {
    const keys = Object.keys(value);
    const unknown = keys.filter((k) => !(LOG_BACKEND_TYPES as readonly string[]).includes(k));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: [unknown[0]!],
        message: `is not a log backend kind; use one of ${LOG_BACKEND_TYPES.join(', ')}`,
      });
      return z.NEVER;
    }
    if (keys.length !== 1) {
      ctx.addIssue({ code: 'custom', message: `must hold exactly one of ${LOG_BACKEND_TYPES.join(', ')} (found ${keys.length})` });
      return z.NEVER;
    }
    const kind = keys[0] as LogBackendType;
    const parsed = KIND_SCHEMAS[kind].safeParse(value[kind] ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [kind, ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { [kind]: parsed.data } as LoggingBackendSpec;
  });

/** The first problem of a spec as `spec.loki.url: url or connection is required`. */
export function describeSpecIssue(error: z.ZodError, prefix = 'spec'): string {
  const issue = error.issues[0];
  if (!issue) return `${prefix}: invalid`;
  const field = [prefix, ...issue.path.map(String)].join('.');
  return `${field}: ${issue.message}`;
}

/**
 * A component's `logs:` entry. `backend` names a log backend; without it, `type` picks the first
 * backend of that kind. `labels` narrow the lines (Loki stream labels, search fields, pod labels)
 * and `query` replaces the backend's own query (LogQL, query_string) for this component.
 */
export const logSelectorSchema = z
  .object({
    name: text('a name').min(1, 'is required'),
    type: z.enum(LOG_BACKEND_TYPES, { error: `must be one of ${LOG_BACKEND_TYPES.join(', ')}` }).optional(),
    backend: text('a log backend name').min(1, 'must not be empty').optional(),
    labels: labels.optional(),
    query: text('a query').min(1, 'must not be empty').optional(),
  })
  .passthrough();
export type LogSelector = z.infer<typeof logSelectorSchema>;
