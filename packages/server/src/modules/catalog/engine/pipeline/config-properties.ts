import { celBool, template } from '../expr.js';
import type { BaseScraper } from '../spec/common.schema.js';
import type { ConfigProperty } from '../types.js';

// `properties`: extra fields (links, text, icons) shown on matching items; their strings are Go
// templates over the item ("…?var-namespace={{.name}}").

function renderStrings(value: unknown, env: Record<string, unknown>): unknown {
  if (typeof value === 'string') return value.includes('{{') ? template(value, env) : value;
  if (Array.isArray(value)) return value.map((v) => renderStrings(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderStrings(v, env)]));
  }
  return value;
}

/** The properties whose `filter` holds for the item, with their templates rendered. */
export function configProperties(spec: BaseScraper, env: Record<string, unknown>): ConfigProperty[] {
  const out: ConfigProperty[] = [];
  (spec.properties ?? []).forEach((p, i) => {
    try {
      if (p.filter && !celBool(p.filter, env)) return;
      const { filter: _filter, ...rest } = p;
      out.push(renderStrings(rest, env) as ConfigProperty);
    } catch (err) {
      throw new Error(`properties[${i}] (${p.name}): ${(err as Error).message}`);
    }
  });
  return out;
}
