// Kubernetes: GET /version through the project's own Kubernetes client. The certificate field holds
// a kubeconfig (its current context is used; the url, when set, overrides its server), or a PEM CA
// for an API server given by url with the password as bearer token.
import os from 'node:os';
import { KubeClient, storedKubeConnection, type KubeConnection } from '../../catalog/index.js';
import { causeText, IncompleteConnectionError, safeUrl, type ConnectionTester, type DecryptedConnection } from './types.js';

// The same reading of a stored connection as the Kubernetes scraper's; an incomplete one is the caller's to fix.
async function kubeConnection(c: DecryptedConnection): Promise<KubeConnection> {
  if (!c.url?.trim() && !c.certificate?.trim())
    throw new IncompleteConnectionError('the connection has neither a kubeconfig nor an API server url');
  return storedKubeConnection({ ...c, url: c.url ?? '' }, os.tmpdir());
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
