// `{value | valueFrom}` fields (EnvVar in canary-checker) and `connection` references, resolved
// through the host's resolvers. Anything that cannot be resolved is a ResolveError naming it.
import type { ConnectionInfo, ConnectionResolver, SecretResolver } from './secrets.js';

/** A value the spec refers to but the engine could not obtain; the check result is invalid. */
export class ResolveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolveError';
  }
}

/** What resolution needs: the namespace of the check and the host's resolvers. */
export interface ResolveContext {
  namespace: string;
  secrets?: SecretResolver;
  connections?: ConnectionResolver;
}

type KeyRef = { name?: unknown; key?: unknown };

/** True when an EnvVar-like field holds nothing (no value and no valueFrom). */
export function isEmptyEnvVar(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (o.value === undefined || o.value === '') && o.valueFrom === undefined;
}

/** The string value of an EnvVar-like field: a plain string, `{value}` or `{valueFrom: {…KeyRef}}`. */
export async function resolveEnvVar(v: unknown, ctx: ResolveContext, field: string): Promise<string> {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'object') throw new ResolveError(`${field}: expected a value or valueFrom`);
  const o = v as Record<string, unknown>;
  if (o.valueFrom === undefined) return o.value === undefined || o.value === null ? '' : String(o.value);
  const from = o.valueFrom as Record<string, unknown>;
  if (from.secretKeyRef) return lookup('secret', from.secretKeyRef as KeyRef, ctx, `${field}.valueFrom.secretKeyRef`);
  if (from.configMapKeyRef) return lookup('configmap', from.configMapKeyRef as KeyRef, ctx, `${field}.valueFrom.configMapKeyRef`);
  const kind = Object.keys(from)[0] ?? 'valueFrom';
  throw new ResolveError(`${field}.valueFrom.${kind} is not supported here (use value, secretKeyRef or configMapKeyRef)`);
}

async function lookup(kind: 'secret' | 'configmap', ref: KeyRef, ctx: ResolveContext, field: string): Promise<string> {
  const name = typeof ref.name === 'string' ? ref.name : '';
  const key = typeof ref.key === 'string' ? ref.key : '';
  if (!name || !key) throw new ResolveError(`${field}: name and key are required`);
  const label = kind === 'secret' ? 'secret' : 'config map';
  if (!ctx.secrets) throw new ResolveError(`${field}: ${label} "${ctx.namespace}/${name}" cannot be read: no secret store is configured`);
  const value = await ctx.secrets.lookup({ kind, namespace: ctx.namespace, name, key });
  if (value === undefined) throw new ResolveError(`${field}: ${label} "${ctx.namespace}/${name}" has no key "${key}"`);
  return value;
}

/** Resolves every entry of an `env` list into a name → value map. */
export async function resolveEnvList(list: unknown, ctx: ResolveContext, field: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const [i, entry] of list.entries()) {
    const name = (entry as { name?: unknown })?.name;
    if (typeof name !== 'string' || name === '') throw new ResolveError(`${field}[${i}].name is required`);
    out[name] = await resolveEnvVar(entry, ctx, `${field}[${i}]`);
  }
  return out;
}

/** A check's connection settings after resolving `connection`, `url`, `username` and `password`. */
export interface ResolvedConnection extends ConnectionInfo {
  url: string;
  username: string;
  password: string;
  properties: Record<string, string>;
}

/**
 * Merges a `connection://namespace/name` (or a plain URL in `connection`, as SQL checks allow) with
 * the check's own url/username/password (the check's own values win), then fills `$(username)` and
 * `$(password)` placeholders in the URL.
 */
export async function resolveConnection(spec: Record<string, unknown>, ctx: ResolveContext, urlField = 'url'): Promise<ResolvedConnection> {
  let base: ConnectionInfo = {};
  const ref = typeof spec.connection === 'string' ? spec.connection.trim() : '';
  if (ref.startsWith('connection://')) base = await fetchConnection(ref, ctx);
  else if (ref !== '') base = { url: ref };
  const ownUrl = typeof spec[urlField] === 'string' ? (spec[urlField] as string) : '';
  const username = (await resolveEnvVar(spec.username, ctx, 'username')) || base.username || '';
  const password = (await resolveEnvVar(spec.password, ctx, 'password')) || base.password || '';
  const url = (ownUrl || base.url || '').replaceAll('$(username)', username).replaceAll('$(password)', password);
  return { ...base, url, username, password, properties: base.properties ?? {} };
}

async function fetchConnection(ref: string, ctx: ResolveContext): Promise<ConnectionInfo> {
  const path = ref.slice('connection://'.length).replace(/^\/+/, '');
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 0 || parts.length > 3) throw new ResolveError(`connection "${ref}" is not of the form connection://namespace/name`);
  const name = parts[parts.length - 1]!;
  const namespace = parts.length >= 2 ? parts[parts.length - 2]! : ctx.namespace;
  if (!ctx.connections) throw new ResolveError(`connection "${ref}" cannot be resolved: no connection store is configured`);
  const found = await ctx.connections.get({ namespace, name });
  if (!found) throw new ResolveError(`connection "${ref}" was not found`);
  return found;
}
