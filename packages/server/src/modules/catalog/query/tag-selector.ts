// The changes call's `tags` filter over the item's tags, Kubernetes label-selector style:
// `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k` (has it), `!k` (lacks it), comma separated.
// The web's chip form `key____value` (':-1' to exclude) is accepted too.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../../http/errors.js';

export type TagRequirement = { key: string; op: 'in' | 'notin'; values: string[] } | { key: string; op: 'exists' | 'missing' };

// Split on commas outside parentheses.
function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Parse a selector; 400 naming the bad requirement. */
export function parseTagSelector(text: string | undefined): TagRequirement[] {
  const out: TagRequirement[] = [];
  for (const part of splitTop(text ?? '')) {
    let m: RegExpExecArray | null;
    if ((m = /^([^\s!=():]+)____(.+?)(?::(-?1))?$/.exec(part))) {
      out.push({ key: m[1]!, op: m[3] === '-1' ? 'notin' : 'in', values: [m[2]!] });
    } else if ((m = /^([^\s!=()]+)\s+(in|notin)\s*\(([^)]*)\)$/i.exec(part))) {
      const values = m[3]!
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (!values.length) throw badRequest(`tags: '${part}' lists no values`);
      out.push({ key: m[1]!, op: m[2]!.toLowerCase() as 'in' | 'notin', values });
    } else if ((m = /^([^\s!=()]+)\s*(!=|==|=)\s*([^\s=()]*)$/.exec(part))) {
      out.push({ key: m[1]!, op: m[2] === '!=' ? 'notin' : 'in', values: [m[3]!] });
    } else if ((m = /^!\s*([^\s!=()]+)$/.exec(part))) {
      out.push({ key: m[1]!, op: 'missing' });
    } else if ((m = /^([^\s!=()]+)$/.exec(part))) {
      out.push({ key: m[1]!, op: 'exists' });
    } else {
      throw badRequest(`tags: '${part}' is not a tag requirement (use k=v, k!=v, k in (a,b), k notin (a,b), k or !k)`);
    }
  }
  return out;
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
