// The changes call's `tags` filter over the item's tags, Kubernetes label-selector style:
// `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k` (has it), `!k` (lacks it), comma separated.
// The web's chip form `key____value` (':-1' to exclude) is accepted too.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../../http/errors.js';
import { parseRequirement, splitSelector } from '../../../db/label-selector.js';

export type TagRequirement = { key: string; op: 'in' | 'notin'; values: string[] } | { key: string; op: 'exists' | 'missing' };

/** Parse a selector; 400 naming the bad requirement. */
export function parseTagSelector(text: string | undefined): TagRequirement[] {
  return splitSelector(text ?? '').map((part): TagRequirement => {
    const chip = /^([^\s!=():]+)____(.+?)(?::(-?1))?$/.exec(part);
    if (chip) return { key: chip[1]!, op: chip[3] === '-1' ? 'notin' : 'in', values: [chip[2]!] };
    const r = parseRequirement(part);
    if (!r) throw badRequest(`tags: '${part}' is not a tag requirement (use k=v, k!=v, k in (a,b), k notin (a,b), k or !k)`);
    switch (r.op) {
      case 'eq':
      case 'neq':
        return { key: r.key, op: r.op === 'eq' ? 'in' : 'notin', values: [r.value] };
      case 'in':
      case 'notin':
        if (!r.values.length) throw badRequest(`tags: '${part}' lists no values`);
        return r;
      case 'exists':
      case 'absent':
        return { key: r.key, op: r.op === 'exists' ? 'exists' : 'missing' };
    }
  });
}

/** SQL conditions of the requirements on a jsonb tags column. */
export function tagConditions(column: string, reqs: TagRequirement[]): RawBuilder<unknown>[] {
  const c = sql.raw(column);
  return reqs.map((r) => {
    switch (r.op) {
      case 'exists':
        return sql`${c} ? ${r.key}`;
      case 'missing':
        return sql`NOT ${c} ? ${r.key}`;
      case 'in':
        return sql`${c}->>${r.key} = ANY(${r.values}::text[])`;
      case 'notin':
        return sql`(${c}->>${r.key} IS NULL OR NOT ${c}->>${r.key} = ANY(${r.values}::text[]))`;
    }
  });
}
