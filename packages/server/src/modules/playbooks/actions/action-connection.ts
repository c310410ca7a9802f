// The connection an action names: `connection://namespace/name`, `connection://name` (the playbook's
// namespace), `namespace/name`, a bare name, or a connection id. Secrets come back decrypted.
import { isUuid } from '@ops/shared';
import { findConnectionForUse, getConnectionForUse, type DecryptedConnection } from '../../connections/index.js';
import { ActionError, errorMessage } from './action-failure.js';
import type { ActionContext } from './types.js';

/** The connection `ref` names, or an ActionError naming the field when it does not exist or cannot be read. */
export async function actionConnection(actx: ActionContext, ref: string, field: string): Promise<DecryptedConnection> {
  const text = ref.trim();
  if (!text) throw new ActionError(`${field}: is empty`);
  try {
    const found = isUuid(text) ? await getConnectionForUse(actx.app, text) : await findConnectionForUse(actx.app, refOf(text, actx));
    if (!found) throw new ActionError(`${field}: connection ${text} was not found`);
    return found;
  } catch (err) {
    if (err instanceof ActionError) throw err;
    throw new ActionError(`${field}: ${errorMessage(err)}`);
  }
}

function refOf(text: string, actx: ActionContext): { namespace: string; name: string } {
  const path = text.replace(/^connection:\/\//, '').replace(/^\/+/, '');
  const slash = path.lastIndexOf('/');
  const fallback = actx.env.playbook?.namespace || 'default';
  return slash >= 0 ? { namespace: path.slice(0, slash) || fallback, name: path.slice(slash + 1) } : { namespace: fallback, name: path };
}
