// Kubernetes: GET /version through the project's own Kubernetes client. The certificate field holds
// a kubeconfig (its current context is used; the url, when set, overrides its server), or a PEM CA
// for an API server given by url with the password as bearer token.
import os from 'node:os';
import { KubeClient, parseKubeConfig, type KubeConnection } from '../../catalog/index.js';
import { causeText, IncompleteConnectionError, safeUrl, type ConnectionTester, type DecryptedConnection } from './types.js';

async function kubeConnection(c: DecryptedConnection): Promise<KubeConnection> {
  const certificate = c.certificate?.trim() ?? '';
  const url = c.url?.trim().replace(/\/+$/, '') ?? '';
  // Files a kubeconfig names are read only under the file roots, as for a scraper's kubeconfig.
  if (certificate && !certificate.startsWith('-----BEGIN')) {
    const conn = await parseKubeConfig(certificate, os.tmpdir());
    return { ...conn, ...(url ? { server: url } : {}), insecure: conn.insecure || c.insecure_tls };
  }
  if (!url) throw new IncompleteConnectionError('the connection has neither a kubeconfig nor an API server url');
  return {
    server: url,
    ...(certificate ? { ca: certificate } : {}),
    ...(c.password ? { token: c.password } : {}),
    insecure: c.insecure_tls,
  };
}

export const testKubernetes: ConnectionTester = async (c, opts) => {
  let conn: KubeConnection;
  try {
    conn = await kubeConnection(c);
  } catch (err) {
    if (err instanceof IncompleteConnectionError) throw err;
    throw new Error(`kubernetes: ${causeText(err)}`);
  }
  if (!/^https?:\/\/[^/]/i.test(conn.server)) throw new Error(`kubernetes: "${safeUrl(conn.server)}" is not an http(s) URL`);
  const client = new KubeClient(conn, opts.timeoutMs);
  try {
    const version = await client.get<{ gitVersion?: unknown }>('/version', {}, opts.signal);
    if (typeof version.gitVersion !== 'string') throw new Error(`${conn.server}/version did not answer as a Kubernetes API server does`);
  } catch (err) {
    throw new Error(`kubernetes: ${causeText(err)}`);
  } finally {
    client.close();
  }
};
