// The cluster a pod or kubernetes action reaches: a stored connection of type kubernetes (its kubeconfig,
// or an API URL with a CA and token), read through the catalogue's kubeconfig reader; reads go through
// the catalogue's KubeClient, writes (create, apply, delete) through kubeSend.
import os from 'node:os';
import { KubeClient, storedKubeConnection, type KubeConnection } from '../../../catalog/index.js';
import { actionConnection } from '../action-connection.js';
import { ActionError, errorMessage } from '../action-failure.js';
import type { ActionContext } from '../types.js';

/** The API requests of one action time out after this long each (the action's signal may stop them sooner). */
export const KUBE_REQUEST_TIMEOUT_MS = 30_000;

export interface ActionCluster {
  conn: KubeConnection;
  client: KubeClient;
}

/** The cluster `ref` names; an ActionError naming `field` when it is missing or not a kubernetes connection. */
export async function actionCluster(actx: ActionContext, ref: string | undefined, field: string): Promise<ActionCluster> {
  if (!ref?.trim()) throw new ActionError(`${field}: is required (a connection of type kubernetes)`);
  const c = await actionConnection(actx, actx.render(ref), field);
  if (c.type !== 'kubernetes') throw new ActionError(`${field}: connection ${c.namespace}/${c.name} is of type ${c.type}, not kubernetes`);
  try {
    const conn = await storedKubeConnection({ ...c, url: c.url ?? '' }, os.tmpdir());
    return { conn, client: new KubeClient(conn, KUBE_REQUEST_TIMEOUT_MS) };
  } catch (err) {
    throw new ActionError(`${field}: connection ${c.namespace}/${c.name}: ${errorMessage(err)}`);
  }
}
