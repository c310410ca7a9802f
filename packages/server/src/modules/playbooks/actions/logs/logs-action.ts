// logs: reads lines from a log backend, written inline in the action (loki, opensearch, elasticsearch,
// kubernetes or file, run by the logs area's own backends) or stored and named by `backend`, newest first;
// then parses, deduplicates and matches them like Mission Control's `postProcess`. Result {logs, count}.
import { z } from 'zod';
import { backendByName, createBackend, logPostProcessSchema, matchProblems, postProcessLogs, type LogLine } from '../../../logs/index.js';
import { ActionError, errorMessage, parseBlock } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';
import { logsWindowOf, QUERY_KEYS, windowShape, type LogsWindow } from './logs-window.js';

/** Lines read when the action names no limit. */
export const LOGS_DEFAULT_LIMIT = 100;

const KINDS = ['loki', 'opensearch', 'elasticsearch', 'kubernetes', 'file'] as const;
type Kind = (typeof KINDS)[number];

const kindBlock = z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional();
const logsSchema = z.object({
  loki: kindBlock,
  opensearch: kindBlock,
  elasticsearch: kindBlock,
  kubernetes: kindBlock,
  file: kindBlock,
  cloudwatch: z.unknown().optional(),
  backend: z.string().optional(),
  query: z.string().optional(),
  ...windowShape,
  postProcess: logPostProcessSchema.optional(),
  // The older top-level forms of postProcess' parts.
  match: logPostProcessSchema.shape.match,
  dedup: logPostProcessSchema.shape.dedupe,
  mapping: logPostProcessSchema.shape.mapping,
});
type LogsSpec = z.infer<typeof logsSchema>;

/** Reads and post-processes the lines; see the file comment. */
export const logsAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(logsSchema, block, 'logs');
  if (spec.cloudwatch !== undefined) throw new ActionError('logs.cloudwatch: CloudWatch is not a log backend this server can read');
  const kinds = KINDS.filter((k) => spec[k] !== undefined);
  if (kinds.length + (spec.backend ? 1 : 0) !== 1) throw new ActionError(`logs: set exactly one of ${[...KINDS, 'backend'].join(', ')}`);
  const post = { ...spec.postProcess };
  if (spec.match && !post.match) post.match = spec.match;
  if (spec.dedup && !post.dedupe) post.dedupe = spec.dedup;
  if (spec.mapping && !post.mapping) post.mapping = spec.mapping;
  const problems = matchProblems(post);
  if (problems.length) throw new ActionError(`logs.postProcess.${problems[0]}`);
  const lines = await readLines(spec, kinds[0], actx);
  const logs = postProcessLogs(lines, post);
  return { status: 'completed', result: { logs, count: logs.length } };
};

async function readLines(spec: LogsSpec, kind: Kind | undefined, actx: ActionContext): Promise<LogLine[]> {
  const field = kind ? `logs.${kind}` : 'logs.backend';
  const { backendSpec, query } = kind ? split(spec[kind]!, actx) : { backendSpec: {}, query: {} };
  const window: LogsWindow = { ...pick(spec, actx), ...query };
  const text = spec.query ? actx.render(spec.query).trim() : '';
  try {
    let backend;
    if (kind) backend = createBackend(field, { [kind]: backendSpec }, actx.app);
    else {
      const row = await backendByName(actx.app.db.kysely, actx.render(spec.backend!).trim());
      if (!row) throw new ActionError(`logs.backend: no log backend is named ${spec.backend}`);
      backend = createBackend(row.name, row.spec, actx.app);
    }
    const { start, end, limit } = logsWindowOf(window, LOGS_DEFAULT_LIMIT);
    const selector = text ? { name: 'playbook-action', query: text } : undefined;
    const page = await backend.page({ start, end, limit, text: window.text?.toLowerCase() || undefined, signal: actx.signal, selector });
    return page.lines;
  } catch (err) {
    if (err instanceof ActionError) throw err;
    throw new ActionError(`${field}: ${errorMessage(err)}`);
  }
}

/** The kind block's backend settings (rendered) and its query window. */
function split(block: Record<string, unknown>, actx: ActionContext): { backendSpec: Record<string, unknown>; query: LogsWindow } {
  const backendSpec: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(block)) {
    const value = typeof v === 'string' ? actx.render(v) : v;
    if ((QUERY_KEYS as readonly string[]).includes(k)) query[k] = value;
    else backendSpec[k] = value;
  }
  const parsed = z.object(windowShape).safeParse(query);
  if (!parsed.success) throw new ActionError(`logs.${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
  return { backendSpec, query: parsed.data };
}

function pick(spec: LogsSpec, actx: ActionContext): LogsWindow {
  const out: Record<string, unknown> = {};
  for (const k of QUERY_KEYS) {
    const v = spec[k];
    if (v !== undefined) out[k] = typeof v === 'string' ? actx.render(v) : v;
  }
  return out as LogsWindow;
}
