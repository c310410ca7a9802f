// Helpers for tests that look for a plaintext secret everywhere the server could put it: every GET route
// the app serves (read from Fastify itself, so a new route is scanned without being listed here) and every
// table of the database, read as text.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/** Every GET route of the app with its `:param` placeholders, as Fastify's route tree holds them. */
export function getRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false, method: 'GET' });
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = [...m[1]!].length / 4;
    const route = (depth > 0 ? stack[depth - 1]! : '') + m[2]!;
    stack[depth] = route;
    stack.length = depth + 1;
    if ((m[3] ?? '').split(/,\s*/).includes('GET')) out.push(route);
  }
  return out;
}

/** The `:param` names of a route. */
export function routeParams(route: string): string[] {
  return [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** Every concrete path for a route: each combination of the candidate values of its parameters. */
export function expandRoute(route: string, candidates: (param: string) => readonly string[]): string[] {
  let paths = [route];
  for (const param of routeParams(route)) {
    const values = candidates(param);
    paths = paths.flatMap((p) => values.map((v) => p.replace(`:${param}`, encodeURIComponent(v))));
  }
  return paths;
}

/**
 * Which of `needles` occur in any row of any table of the database (every schema but PostgreSQL's own),
 * each as `needle in schema.table`. Rows are compared as their text form, so JSON and arrays count.
 */
export async function tablesContaining(pool: pg.Pool, needles: readonly string[]): Promise<string[]> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ needle: string }>(
      `SELECT x.needle FROM unnest($1::text[]) AS x(needle) WHERE EXISTS (SELECT 1 FROM ${name} AS t WHERE strpos(t::text, x.needle) > 0)`,
      [needles],
    );
    for (const r of rows) found.push(`${r.needle} in ${name}`);
  }
  return found;
}

/** Which of `needles` a text holds, each as `needle in <where>`. */
export function foundIn(where: string, text: string, needles: readonly string[]): string[] {
  return needles.filter((n) => text.includes(n)).map((n) => `${n} in ${where}`);
}
