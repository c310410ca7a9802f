// Values of `secret` parameters are stored sealed (AES-256-GCM with the server's secret key, as connection
// secrets are) in playbook_runs.parameters, so the runs list and the data API never show them; the engine
// opens them only to build the run's template data.
import type { Config } from '../../../config.js';
import { SecretBox } from '../../identity/index.js';
import type { RunSpec } from './engine-spec.js';

const boxes = new WeakMap<Config, SecretBox>();

function boxFor(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = SecretBox.fromConfig(config);
    boxes.set(config, box);
  }
  return box;
}

function secretNames(spec: RunSpec): string[] {
  return (spec.parameters ?? []).filter((p) => p.type === 'secret').map((p) => p.name);
}

/** The parameters to store: each secret parameter's text sealed. */
export function sealSecretParams(config: Config, spec: RunSpec, params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const name of secretNames(spec)) {
    const v = out[name];
    if (typeof v === 'string' && v !== '') out[name] = boxFor(config).seal(v);
  }
  return out;
}

/** The parameters as templates see them: secret parameters opened; throws naming one sealed under another key. */
export function openSecretParams(config: Config, spec: RunSpec, params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const name of secretNames(spec)) {
    const v = out[name];
    if (typeof v !== 'string' || v === '') continue;
    try {
      out[name] = boxFor(config).open(v);
    } catch {
      throw new Error(`params.${name}: the secret cannot be decrypted with this server's OPS_SECRET_KEY`);
    }
  }
  return out;
}
