// Kubernetes label selectors (`a=b,c!=d,e in (f,g),h notin (i),j,!k`) as SQL over a jsonb map of
// strings, so selectors over thousands of checks, configs or components are answered by the database. The
// catalogue's tag filter reads the same syntax (plus the web's chip form) with its own errors.
import { sql, type RawBuilder } from 'kysely';

export type Requirement =
  | { op: 'eq' | 'neq'; key: string; value: string }
  | { op: 'in' | 'notin'; key: string; values: string[] }
  | { op: 'exists' | 'absent'; key: string };

/** The requirements of a selector, split on the commas outside parentheses. */
export function splitSelector(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** One requirement (`k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`), or undefined. */
export function parseRequirement(part: string): Requirement | undefined {
  let m = /^([^\s!=()]+)\s+(in|notin)\s*\(([^)]*)\)$/i.exec(part);
  if (m) {
    const values = m[3]!
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return { op: m[2]!.toLowerCase() as 'in' | 'notin', key: m[1]!, values };
  }
  m = /^([^\s!=()]+)\s*(!=|==|=)\s*([^\s=()]*)$/.exec(part);
  if (m) return { op: m[2] === '!=' ? 'neq' : 'eq', key: m[1]!, value: m[3]! };
  m = /^(!?)\s*([^\s!=()]+)$/.exec(part);
  if (m) return { op: m[1] ? 'absent' : 'exists', key: m[2]! };
  return undefined;
}

/** Parses a selector; throws an Error naming the part it cannot read. */
export function parseLabelSelector(text: string): Requirement[] {
  return splitSelector(text).map((part) => {
    const r = parseRequirement(part);
    if (!r) throw new Error(`cannot read label selector part "${part}"`);
    return r;
  });
}

/** `key=value` pairs of a map as requirements. */
export function mapRequirements(map: Record<string, string> | undefined): Requirement[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({ op: 'eq' as const, key, value }));
}

/** The SQL condition that `column` (a jsonb map) meets every requirement; true when there are none. */
export function requirementsSql(column: RawBuilder<unknown>, reqs: Requirement[]): RawBuilder<boolean> {
  if (reqs.length === 0) return sql<boolean>`true`;
  const conds = reqs.map((r) => {
    switch (r.op) {
      case 'eq':
        return sql`(${column} ->> ${r.key}) = ${r.value}`;
      case 'neq':
        return sql`(${column} ->> ${r.key}) IS DISTINCT FROM ${r.value}`;
      case 'in':
        return sql`(${column} ->> ${r.key}) = ANY(${r.values}::text[])`;
      case 'notin':
        return sql`NOT coalesce((${column} ->> ${r.key}) = ANY(${r.values}::text[]), false)`;
      case 'exists':
        return sql`(${column} ? ${r.key})`;
      case 'absent':
        return sql`NOT (${column} ? ${r.key})`;
    }
  });
  return sql<boolean>`(${sql.join(conds, sql` AND `)})`;
}

/** Whether a label map meets every requirement (for components produced in memory). */
export function matchesRequirements(labels: Record<string, string>, reqs: Requirement[]): boolean {
  return reqs.every((r) => {
    const v = labels[r.key];
    switch (r.op) {
      case 'eq':
        return v === r.value;
      case 'neq':
        return v !== r.value;
      case 'in':
        return v !== undefined && r.values.includes(v);
      case 'notin':
        return v === undefined || !r.values.includes(v);
      case 'exists':
        return v !== undefined;
      case 'absent':
        return v === undefined;
    }
  });
}
