// Connections as checks, scrapers and connection tests use them: the stored row with its secrets
// decrypted and its valueFrom references resolved. The only place plaintext credentials leave the store.
import { isUuid } from '@ops/shared';
import type { AppContext, ConnectionResolvers } from '../../context.js';
import { connectionCacheFor } from './connection-cache.js';
import { ConnectionsRepository, type ConnectionRecord } from './connections.repository.js';
import { resolveCredential } from './credential-references.js';
import { ConnectionSealer } from './sealed-values.js';

/** A connection ready to use: secrets decrypted, references resolved. */
export interface DecryptedConnection {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url?: string;
  username?: string;
  password?: string;
  certificate?: string;
  insecure_tls: boolean;
  properties: Record<string, string>;
}

/** The live connection with this id, decrypted; undefined when there is none. Throws naming an unresolvable field. */
export async function getConnectionForUse(ctx: AppContext, id: string): Promise<DecryptedConnection | undefined> {
  if (!isUuid(id)) return undefined;
  const rec = await new ConnectionsRepository(ctx.db.kysely).byId(id);
  return rec && decrypt(ctx, rec);
}

/** The live connection `namespace/name`, decrypted; undefined when there is none. */
export async function findConnectionForUse(
  ctx: AppContext,
  ref: { namespace: string; name: string },
): Promise<DecryptedConnection | undefined> {
  const rec = await new ConnectionsRepository(ctx.db.kysely).byName(ref.namespace, ref.name);
  return rec && decrypt(ctx, rec);
}

/**
 * The resolvers the health engine (`get`) and the catalogue's scrapers (`resolve`) look
 * `connection://namespace/name` up through; the composition root puts them on the AppContext.
 */
export function createConnectionResolvers(ctx: AppContext): ConnectionResolvers {
  const cache = connectionCacheFor<DecryptedConnection>(ctx.db);
  const cached = (ref: { namespace: string; name: string }) => cache.get(ref, () => findConnectionForUse(ctx, ref));
  return {
    get: cached,
    async resolve(name, namespace) {
      // Scrapers pass what follows connection://: `namespace/name`, or a bare name in the scraper's namespace.
      const slash = name.lastIndexOf('/');
      const ref =
        slash >= 0
          ? { namespace: name.slice(0, slash).replace(/^\/+/, '') || 'default', name: name.slice(slash + 1) }
          : { namespace: namespace || 'default', name };
      const c = await cached(ref);
      return (
        c && {
          type: c.type,
          url: c.url ?? '',
          username: c.username,
          password: c.password,
          // A kubernetes connection's kubeconfig, or a PEM CA.
          certificate: c.certificate,
          insecure_tls: c.insecure_tls,
          properties: c.properties,
        }
      );
    },
  };
}

async function decrypt(ctx: AppContext, rec: ConnectionRecord): Promise<DecryptedConnection> {
  const sealer = ConnectionSealer.for(ctx.config);
  const label = `connection ${rec.namespace}/${rec.name}`;
  try {
    const column = async (field: 'url' | 'username' | 'password' | 'certificate'): Promise<string | undefined> => {
      const v = sealer.decode(rec[field], field);
      return v === null ? undefined : resolveCredential(v, field, rec.namespace);
    };
    const properties: Record<string, string> = {};
    for (const [key, stored] of Object.entries(rec.properties ?? {})) {
      const field = `properties.${key}`;
      properties[key] = await resolveCredential(sealer.decodeProperty(stored, field), field, rec.namespace);
    }
    const out: DecryptedConnection = {
      id: rec.id,
      name: rec.name,
      namespace: rec.namespace,
      type: rec.type,
      insecure_tls: rec.insecure_tls,
      properties,
    };
    for (const field of ['url', 'username', 'password', 'certificate'] as const) {
      const v = await column(field);
      if (v !== undefined) out[field] = v;
    }
    return out;
  } catch (err) {
    // The cause names the field and the reference; say which connection it belongs to.
    throw new Error(`${label}: ${(err as Error).message}`);
  }
}
