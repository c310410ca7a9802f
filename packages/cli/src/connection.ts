import { usageError } from './errors.js';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

/** Options every command takes (see program.ts). */
export interface GlobalOptions {
  server?: string;
  token?: string;
  user?: string;
  password?: string;
  output: OutputFormat;
}

export type OutputFormat = 'table' | 'json' | 'yaml';

export interface Connection {
  server: string;
  /** The Authorization header, when there are credentials. */
  authorization?: string;
}

/**
 * Where to connect and how to authenticate. Flags win over the environment (OPS_SERVER, OPS_TOKEN,
 * OPS_USER, OPS_PASSWORD); a token means Bearer, a user and password mean Basic.
 */
export function resolveConnection(opts: GlobalOptions, env: Readonly<Record<string, string | undefined>>): Connection {
  const server = (opts.server ?? env.OPS_SERVER ?? DEFAULT_SERVER).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(server) || !URL.canParse(server)) throw usageError(`--server: ${server} is not an http(s) URL`);
  if (opts.token !== undefined && opts.user !== undefined) throw usageError('use either --token or --user/--password, not both');
  const fromFlags = opts.token !== undefined || opts.user !== undefined;
  const token = fromFlags ? opts.token : env.OPS_TOKEN || undefined;
  const user = fromFlags ? opts.user : token ? undefined : env.OPS_USER || undefined;
  if (token !== undefined) {
    if (!token) throw usageError('--token must not be empty');
    return { server, authorization: `Bearer ${token}` };
  }
  if (user !== undefined) {
    const password = opts.password ?? env.OPS_PASSWORD;
    if (password === undefined) throw usageError('--password (or OPS_PASSWORD) is required with --user');
    return { server, authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  }
  if (opts.password !== undefined) throw usageError('--password needs --user');
  return { server };
}
