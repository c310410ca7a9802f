// Where secret values come from. The engine asks through these interfaces so that the host decides:
// for now a static map plus environment variables; later the connections area implements
// ConnectionResolver for `connection://namespace/name` references.

/** A reference to one key of a Kubernetes-style Secret or ConfigMap. */
export interface SecretRef {
  kind: 'secret' | 'configmap';
  namespace: string;
  name: string;
  key: string;
}

/** Looks a secret or config-map key up; undefined when it does not exist. */
export interface SecretResolver {
  lookup(ref: SecretRef): Promise<string | undefined>;
}

/** What a stored connection gives a check: a URL and credentials, plus type-specific properties. */
export interface ConnectionInfo {
  type?: string;
  url?: string;
  username?: string;
  password?: string;
  properties?: Record<string, string>;
}

/** Resolves `connection://namespace/name`; undefined when no such connection exists. */
export interface ConnectionResolver {
  get(ref: { namespace: string; name: string }): Promise<ConnectionInfo | undefined>;
}

/** Static secrets keyed `namespace/name` (or just `name` for any namespace), each a key → value map. */
export interface StaticSecrets {
  secrets?: Record<string, Record<string, string>>;
  configMaps?: Record<string, Record<string, string>>;
  /** Environment consulted after the maps: OPS_SECRET_<NAME>_<KEY> / OPS_CONFIGMAP_<NAME>_<KEY>. */
  env?: Record<string, string | undefined>;
}

/**
 * The default resolver: a static map first, then environment variables named after the reference
 * (secret `db-creds` key `password` → OPS_SECRET_DB_CREDS_PASSWORD), so operators can inject values.
 */
export function createStaticSecretResolver(source: StaticSecrets = {}): SecretResolver {
  return {
    async lookup(ref) {
      const maps = ref.kind === 'secret' ? source.secrets : source.configMaps;
      const entry = maps?.[`${ref.namespace}/${ref.name}`] ?? maps?.[ref.name];
      if (entry && Object.hasOwn(entry, ref.key)) return entry[ref.key];
      const prefix = ref.kind === 'secret' ? 'OPS_SECRET_' : 'OPS_CONFIGMAP_';
      return source.env?.[prefix + envName(ref.name) + '_' + envName(ref.key)];
    },
  };
}

/** A connection resolver over a fixed map keyed `namespace/name` (tests, static configuration). */
export function createStaticConnectionResolver(connections: Record<string, ConnectionInfo>): ConnectionResolver {
  return {
    async get(ref) {
      return connections[`${ref.namespace}/${ref.name}`];
    },
  };
}

function envName(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}
