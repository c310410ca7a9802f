import type pg from 'pg';
import { Registry, RestEngine } from '../../packages/server/dist/rest/index.js';
import { RELATIONS, RPC_FUNCTIONS } from '../../packages/server/dist/modules/relations.js';
import type { DirectQuery } from './list-latency.js';

interface Recorded {
  text: string;
  values: unknown[];
  rowMode?: 'array';
}

/**
 * The exact statements the data API sends for one GET: the server's own engine and registry (from
 * its build) run the request against a pool that records every query, so the baseline replays the
 * very SQL and parameters instead of a hand-written imitation.
 */
export async function captureEngineSql(
  pool: pg.Pool,
  relation: string,
  rawQuery: string,
  headers: { prefer?: string; accept?: string },
  actor: { id: string; roles: string[] },
): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  let recording = false;
  const recordingPool = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
      return (config: string | { text: string; values?: unknown[]; rowMode?: 'array' }, values?: unknown[]) => {
        if (recording) {
          const q =
            typeof config === 'string'
              ? { text: config, values: values ?? [] }
              : { text: config.text, values: config.values ?? values ?? [], ...(config.rowMode ? { rowMode: config.rowMode } : {}) };
          recorded.push(q);
        }
        return target.query(config as string, values);
      };
    },
  });
  const engine = new RestEngine({ pool: recordingPool, registry: new Registry(RELATIONS, RPC_FUNCTIONS) });
  await engine.refresh();
  recording = true;
  const res = await engine.handle({
    method: 'GET',
    target: { kind: 'relation', name: relation },
    rawQuery,
    headers,
    body: undefined,
    actor,
  });
  recording = false;
  if (res.status >= 300)
    throw new Error(`the engine answered ${res.status} for ${relation}?${rawQuery}: ${String(res.body).slice(0, 300)}`);
  if (recorded.length === 0) throw new Error('the engine sent no SQL');
  return recorded;
}

/**
 * Replay captured engine statements through pg. The engine's read returns one row
 * [total, rows in page, JSON body]; the client parses the body as an API client would.
 */
export function replayEngineSql(name: string, statements: Recorded[]): DirectQuery {
  return {
    name,
    sql: statements.map((s) => s.text),
    run: async (pool) => {
      let last: pg.QueryResult | undefined;
      for (const s of statements) last = await pool.query({ text: s.text, values: s.values, ...(s.rowMode ? { rowMode: s.rowMode } : {}) });
      const row = last?.rows[0] as [number | string | null, number, string | null] | undefined;
      if (!row || !Array.isArray(row)) throw new Error('the engine statement did not return [total, page, body]');
      const rows = JSON.parse(row[2] ?? '[]') as Array<{ id: string }>;
      return { ids: rows.map((r) => r.id), total: Number(row[0]) };
    },
  };
}
