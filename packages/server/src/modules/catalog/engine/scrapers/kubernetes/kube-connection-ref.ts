import type { ResolvedConnection, ScrapeContext } from '../../context.js';
import type { KubernetesScraperSpec } from '../../spec/scrapers.schema.js';
import { loadKubeConnection, parseKubeConfig, type KubeConnection } from './kubeconfig.js';

// `connection: connection://namespace/name` on a kubernetes scraper entry: a stored connection of type
// kubernetes, looked up through the scrape context's connection resolver like the SQL scraper's.

const PREFIX = 'connection://';

/**
 * The API server a stored kubernetes connection names: its kubeconfig (in `certificate`) with `url`
 * overriding the cluster's server, or `url` alone with a PEM CA and the password as bearer token.
 * Files the kubeconfig names are read only under the file roots, as for a spec's own kubeconfig.
 */
export async function storedKubeConnection(c: ResolvedConnection, cfgDir: string): Promise<KubeConnection> {
  const certificate = c.certificate?.trim() ?? '';
  const url = c.url.trim().replace(/\/+$/, '');
  const insecure = c.insecure_tls === true;
  if (certificate && !certificate.startsWith('-----BEGIN')) {
    const conn = await parseKubeConfig(certificate, cfgDir);
    return { ...conn, ...(url ? { server: url } : {}), insecure: conn.insecure || insecure };
  }
  if (!url) throw new Error('neither a kubeconfig nor an API server url is set');
  return { server: url, ...(certificate ? { ca: certificate } : {}), ...(c.password ? { token: c.password } : {}), insecure };
}

/**
 * The connection a kubernetes scraper entry uses: its `connection` when set (it wins over `kubeconfig`,
 * as in config-db), else its kubeconfig. Throws naming the reference when it is missing or not kubernetes.
 */
export async function kubeConnectionFor(spec: KubernetesScraperSpec, ctx: ScrapeContext): Promise<KubeConnection> {
  const ref = spec.connection;
  if (!ref) return loadKubeConnection(spec.kubeconfig, ctx);
  if (!ref.startsWith(PREFIX)) throw new Error(`connection: "${ref}" is not a connection://namespace/name reference`);
  if (!ctx.connections) throw new Error(`connection: cannot resolve ${ref}: no connections are configured`);
  const found = await ctx.connections.resolve(ref.slice(PREFIX.length), ctx.namespace);
  if (!found) throw new Error(`connection: ${ref} not found`);
  if (found.type !== 'kubernetes')
    throw new Error(`connection: ${ref} is a ${found.type ? `"${found.type}"` : 'untyped'} connection, not a kubernetes one`);
  try {
    return await storedKubeConnection(found, ctx.baseDir);
  } catch (err) {
    throw new Error(`connection: ${ref}: ${(err as Error).message}`);
  }
}
