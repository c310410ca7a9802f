import type { EnvVar } from './spec/common.schema.js';

// What a scrape needs from its surroundings, passed in so the engine stays a pure library:
// where relative paths start, how to read secrets and named connections, and when to stop.

/** Reads `valueFrom` references (secretKeyRef, configMapKeyRef, …) for env vars, headers, auth. */
export interface SecretResolver {
  /** The value, or undefined when the referenced secret or key does not exist. */
  resolve(valueFrom: Record<string, unknown>, namespace: string | undefined): Promise<string | undefined>;
}

/** A named connection (`connection://namespace/name`) resolved to a URL and credentials. */
export interface ResolvedConnection {
  /** The connection's type (`postgres`, `kubernetes`, …): a scraper refuses one of another kind. */
  type?: string;
  url: string;
  username?: string;
  password?: string;
  /** A kubeconfig (kubernetes connections) or a PEM CA. */
  certificate?: string;
  insecure_tls?: boolean;
}

/** Looks up connections by name; the connections area implements this. */
export interface ConnectionResolver {
  resolve(name: string, namespace: string | undefined): Promise<ResolvedConnection | undefined>;
}

export interface ScrapeContext {
  /** Directory that relative file paths resolve against. */
  baseDir: string;
  /** The ScrapeConfig's namespace, used to look up secrets and connections. */
  namespace?: string;
  /** The scraper's id (its UID); relationships without a scope are limited to it. */
  scraperId?: string;
  secrets: SecretResolver;
  connections?: ConnectionResolver;
  /** Aborts every request and process the scrape started. */
  signal?: AbortSignal;
  /** Per-request / per-script timeout in ms (default 60 s). */
  timeoutMs?: number;
  now?: () => Date;
}

/** Secrets from a fixed map keyed "secret/<name>/<key>" or "configmap/<name>/<key>" (tests, single-user set-ups). */
export class StaticSecretResolver implements SecretResolver {
  constructor(private readonly values: Record<string, string> = {}) {}

  async resolve(valueFrom: Record<string, unknown>): Promise<string | undefined> {
    const ref = referenceKey(valueFrom);
    return ref === undefined ? undefined : this.values[ref];
  }
}

/** "secret/name/key" for a secretKeyRef, "configmap/name/key" for a configMapKeyRef, else undefined. */
export function referenceKey(valueFrom: Record<string, unknown>): string | undefined {
  for (const [field, kind] of [
    ['secretKeyRef', 'secret'],
    ['configMapKeyRef', 'configmap'],
  ] as const) {
    const ref = valueFrom[field] as { name?: unknown; key?: unknown } | undefined;
    if (ref && typeof ref.name === 'string' && typeof ref.key === 'string') return `${kind}/${ref.name}/${ref.key}`;
  }
  return undefined;
}

/** Describe a valueFrom reference for error messages: `secret "api-credentials" key "key"`. */
function describe(valueFrom: Record<string, unknown>): string {
  const ref = referenceKey(valueFrom);
  if (!ref) return `reference ${JSON.stringify(valueFrom)}`;
  const [kind, name, key] = ref.split('/');
  return `${kind} "${name}" key "${key}"`;
}

/** The value of an env var: its static value or its resolved reference; throws naming what is missing. */
export async function resolveEnvVar(v: EnvVar, ctx: ScrapeContext, what = `env ${v.name ?? ''}`.trim()): Promise<string> {
  if (v.value !== undefined) return String(v.value);
  if (!v.valueFrom) return '';
  const value = await ctx.secrets.resolve(v.valueFrom, ctx.namespace);
  if (value === undefined) throw new Error(`${what}: ${describe(v.valueFrom)} not found`);
  return value;
}

/** Resolve a list of env vars into a name → value map. */
export async function resolveEnvVars(vars: readonly EnvVar[] | undefined, ctx: ScrapeContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const v of vars ?? []) {
    if (!v.name) continue;
    out[v.name] = await resolveEnvVar(v, ctx);
  }
  return out;
}
