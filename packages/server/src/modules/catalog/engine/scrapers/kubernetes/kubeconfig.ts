import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readAllowedFile } from '../../../../../sandbox/file-roots.js';
import { resolveEnvVar, type ScrapeContext } from '../../context.js';
import type { EnvVar } from '../../spec/common.schema.js';

// Where the Kubernetes API is and how to authenticate: from a kubeconfig (inline YAML, a path,
// or an env-var reference), else in-cluster service-account credentials, else $KUBECONFIG.

export interface KubeConnection {
  server: string;
  ca?: string;
  cert?: string;
  key?: string;
  token?: string;
  basic?: { username: string; password: string };
  insecure?: boolean;
}

const SA_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

type Named<T> = Array<{ name: string } & T>;
interface KubeConfigFile {
  'current-context'?: string;
  contexts?: Named<{ context?: { cluster?: string; user?: string } }>;
  clusters?: Named<{ cluster?: Record<string, unknown> }>;
  users?: Named<{ user?: Record<string, unknown> }>;
}

/** Reads a file a kubeconfig names: spec-given kubeconfigs only under the file roots, the server's own freely. */
type ReadText = (file: string) => Promise<string>;
const readOwn: ReadText = (file) => readFile(file, 'utf8');

async function fileOrData(cfgDir: string, data: unknown, file: unknown, read: ReadText): Promise<string | undefined> {
  if (typeof data === 'string' && data) return Buffer.from(data, 'base64').toString('utf8');
  if (typeof file === 'string' && file) return read(path.resolve(cfgDir, file));
  return undefined;
}

/**
 * Turn kubeconfig YAML into a connection for its current context. `read` opens the files it names; a
 * kubeconfig from a spec passes the file-roots reader so it cannot pull in the secret key or /etc/shadow.
 */
export async function parseKubeConfig(text: string, cfgDir: string, read: ReadText = readAllowedFile): Promise<KubeConnection> {
  const cfg = parseYaml(text) as KubeConfigFile | null;
  if (!cfg || typeof cfg !== 'object') throw new Error('kubeconfig: not a kubeconfig document');
  const contextName = cfg['current-context'] ?? cfg.contexts?.[0]?.name;
  const context = cfg.contexts?.find((c) => c.name === contextName)?.context;
  if (!context) throw new Error(`kubeconfig: context "${contextName ?? ''}" not found`);
  const cluster = cfg.clusters?.find((c) => c.name === context.cluster)?.cluster;
  if (!cluster || typeof cluster.server !== 'string') throw new Error(`kubeconfig: cluster "${context.cluster ?? ''}" has no server`);
  const user = cfg.users?.find((u) => u.name === context.user)?.user ?? {};
  if (user.exec || user['auth-provider'])
    throw new Error('kubeconfig: exec and auth-provider credential plugins are not supported; use a token or client certificate');
  const conn: KubeConnection = { server: cluster.server.replace(/\/+$/, '') };
  conn.ca = await fileOrData(cfgDir, cluster['certificate-authority-data'], cluster['certificate-authority'], read);
  conn.insecure = cluster['insecure-skip-tls-verify'] === true;
  conn.cert = await fileOrData(cfgDir, user['client-certificate-data'], user['client-certificate'], read);
  conn.key = await fileOrData(cfgDir, user['client-key-data'], user['client-key'], read);
  if (typeof user.token === 'string') conn.token = user.token;
  else if (typeof user.tokenFile === 'string') conn.token = (await read(path.resolve(cfgDir, user.tokenFile))).trim();
  if (typeof user.username === 'string') conn.basic = { username: user.username, password: String(user.password ?? '') };
  return conn;
}

async function inCluster(): Promise<KubeConnection | undefined> {
  const host = process.env.KUBERNETES_SERVICE_HOST;
  if (!host || !existsSync(`${SA_DIR}/token`)) return undefined;
  const port = process.env.KUBERNETES_SERVICE_PORT ?? '443';
  return {
    server: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    token: (await readFile(`${SA_DIR}/token`, 'utf8')).trim(),
    ca: existsSync(`${SA_DIR}/ca.crt`) ? await readFile(`${SA_DIR}/ca.crt`, 'utf8') : undefined,
  };
}

/** The connection a kubernetes scraper entry uses. Throws naming what is missing. */
export async function loadKubeConnection(kubeconfig: string | EnvVar | undefined, ctx: ScrapeContext): Promise<KubeConnection> {
  if (kubeconfig !== undefined) {
    const value = typeof kubeconfig === 'string' ? kubeconfig : await resolveEnvVar(kubeconfig, ctx, 'kubeconfig');
    if (/\n|clusters:|apiVersion:/.test(value)) return parseKubeConfig(value, ctx.baseDir);
    const file = path.resolve(ctx.baseDir, value);
    return parseKubeConfig(await readAllowedFile(file), path.dirname(file));
  }
  const cluster = await inCluster();
  if (cluster) return cluster;
  const file = process.env.KUBECONFIG?.split(path.delimiter)[0] || path.join(os.homedir(), '.kube', 'config');
  if (!existsSync(file)) throw new Error('kubeconfig: none given, not running in a cluster, and no $KUBECONFIG or ~/.kube/config');
  return parseKubeConfig(await readFile(file, 'utf8'), path.dirname(file), readOwn);
}
