// Cloud credentials an exec action asks for (`connections: {aws, gcp, kubernetes}`), taken from stored
// connections: AWS as the usual AWS_* variables; a GCP service-account JSON and a kubeconfig as files in
// the run's own working directory, written by a short prelude before the script and named by
// GOOGLE_APPLICATION_CREDENTIALS / KUBECONFIG.
import { z } from 'zod';
import { actionConnection } from '../action-connection.js';
import { ActionError } from '../action-failure.js';
import type { ActionContext } from '../types.js';

const ref = z.object({ connection: z.string().min(1, 'is required') }).passthrough();

export const execConnectionsSchema = z
  .object({
    aws: ref.extend({ region: z.string().optional() }).optional(),
    gcp: ref.optional(),
    kubernetes: ref.optional(),
  })
  .passthrough();
export type ExecConnections = z.infer<typeof execConnectionsSchema>;

/** What the connections add to a run: variables, and a prelude that writes credential files. */
export interface ExecCredentials {
  env: Record<string, string>;
  prelude: string;
}

const FILE_PRELUDE = (variable: string, file: string, target: string) =>
  `mkdir -p "$HOME/${file.split('/').slice(0, -1).join('/') || '.'}" && printf '%s' "$${variable}" > "$HOME/${file}" && chmod 600 "$HOME/${file}"; unset ${variable}; export ${target}="$HOME/${file}"\n`;

/** Resolves every listed connection; a missing one is an ActionError naming the field. */
export async function execCredentials(connections: ExecConnections | undefined, actx: ActionContext): Promise<ExecCredentials> {
  const out: ExecCredentials = { env: {}, prelude: '' };
  if (!connections) return out;
  const unknown = Object.keys(connections).filter((k) => !['aws', 'gcp', 'kubernetes'].includes(k));
  if (unknown.length) throw new ActionError(`exec.connections.${unknown[0]}: not supported (use aws, gcp or kubernetes)`);
  if (connections.aws) {
    const c = await actionConnection(actx, connections.aws.connection, 'exec.connections.aws.connection');
    const region = connections.aws.region || c.properties.region;
    if (c.username) out.env.AWS_ACCESS_KEY_ID = c.username;
    if (c.password) out.env.AWS_SECRET_ACCESS_KEY = c.password;
    if (c.properties.sessionToken) out.env.AWS_SESSION_TOKEN = c.properties.sessionToken;
    if (region) out.env.AWS_REGION = out.env.AWS_DEFAULT_REGION = region;
    if (c.url) out.env.AWS_ENDPOINT_URL = c.url;
  }
  if (connections.gcp) {
    const c = await actionConnection(actx, connections.gcp.connection, 'exec.connections.gcp.connection');
    const json = c.certificate || c.password;
    if (!json) throw new ActionError('exec.connections.gcp.connection: the connection holds no service account JSON');
    out.env.OPS_GCP_CREDENTIALS = json;
    out.prelude += FILE_PRELUDE('OPS_GCP_CREDENTIALS', '.gcp/credentials.json', 'GOOGLE_APPLICATION_CREDENTIALS');
  }
  if (connections.kubernetes) {
    const c = await actionConnection(actx, connections.kubernetes.connection, 'exec.connections.kubernetes.connection');
    if (!c.certificate) throw new ActionError('exec.connections.kubernetes.connection: the connection holds no kubeconfig');
    out.env.OPS_KUBECONFIG = c.certificate;
    out.prelude += FILE_PRELUDE('OPS_KUBECONFIG', '.kube/config', 'KUBECONFIG');
  }
  return out;
}
