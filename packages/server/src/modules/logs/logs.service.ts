// POST /api/logs behind the route: the logs feature flag, the component's selector (first when no
// name is given) and its backend, the time window and cursor, then one page from the backend as wire lines.
import {
  disabledFeatures,
  isFeatureEnabled,
  isUuid,
  logSelectorSchema,
  describeSpecIssue,
  type LogLineWire,
  type LogSelector,
  type LogsQuery,
  type LogsResponse,
} from '@ops/shared';
import type { AppContext } from '../../context.js';
import { forbidden, HttpError, notFound, badRequest } from '../../http/errors.js';
import { isDatabaseUnavailable, isPgError } from '../../db/pg-error.js';
import { backendFailed, causeOf } from './backend-errors.js';
import { createBackend } from './backends/create-backend.js';
import { serverBackend } from './backends/server-backend.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { LogBackend } from './log-backend.js';
import type { LogLine } from './lines/index.js';
import { backendById, backendByName, backendOfKind, componentLogs, logsFlagProperties, type BackendRow } from './logs.repository.js';
import { logsWindow } from './time-window.js';

/** Lines per page when the caller names no limit. */
export const DEFAULT_LOGS_LIMIT = 100;

export const LOGS_DISABLED = 'The logs feature is disabled (property logs.disable is true)';

/** 403 when the logs feature is turned off. */
export async function assertLogsEnabled(ctx: AppContext): Promise<void> {
  const disabled = disabledFeatures(await logsFlagProperties(ctx.db.kysely));
  if (!isFeatureEnabled(disabled, 'logs')) throw forbidden(LOGS_DISABLED);
}

/** The component's selector: by name, else its first; 404 when it has none. */
async function selectorOf(ctx: AppContext, id: string, name: string | undefined): Promise<LogSelector> {
  const component = isUuid(id) ? await componentLogs(ctx.db.kysely, id) : undefined;
  if (!component) throw notFound(`Component ${id} not found`);
  const entries = Array.isArray(component.log_selectors) ? (component.log_selectors as unknown[]) : [];
  if (entries.length === 0) throw notFound('Component has no logs');
  const index = name === undefined ? 0 : entries.findIndex((e) => (e as { name?: unknown } | null)?.name === name);
  if (index < 0) throw notFound(`Component ${component.name} has no logs named "${name}"`);
  const parsed = logSelectorSchema.safeParse(entries[index]);
  if (!parsed.success) throw badRequest(`Component ${component.name}: ${describeSpecIssue(parsed.error, `logs[${index}]`)}`);
  return parsed.data;
}

/**
 * The backend a selector names: `backend` by name, else the backend called like the selector, else the
 * first of `type`, else the only one there is.
 */
async function backendFor(ctx: AppContext, selector: LogSelector): Promise<LogBackend> {
  if (selector.backend) {
    const row = await backendByName(ctx.db.kysely, selector.backend);
    if (!row) throw notFound(`Log backend ${selector.backend} (of log selector ${selector.name}) not found`);
    return createBackend(row.name, row.spec, ctx);
  }
  // A backend named like the selector (`logs: [{name: loki}]` and a backend called loki), of its type if given.
  const same = await backendByName(ctx.db.kysely, selector.name);
  const spec = same?.spec;
  if (same && (!selector.type || (spec !== null && typeof spec === 'object' && selector.type in spec)))
    return createBackend(same.name, spec, ctx);
  const rows: BackendRow[] = await backendOfKind(ctx.db.kysely, selector.type);
  const row = rows[0];
  // The server's own log needs no stored backend.
  if (!row && selector.type === 'server') return serverBackend('server');
  if (!row) throw notFound(selector.type ? `No log backend of type ${selector.type} exists` : 'No log backend exists');
  if (!selector.type && rows.length > 1)
    throw badRequest(`logs[${selector.name}]: name a backend (backend: <name>) or a type; there is more than one log backend`);
  return createBackend(row.name, row.spec, ctx);
}

function toWire(line: LogLine, fallbackId: string): LogLineWire {
  const out: LogLineWire = { id: line.id ?? fallbackId, timestamp: line.firstObserved ?? '', message: line.message, labels: line.labels };
  if (line.severity) out.severity = line.severity;
  if (line.source) out.source = line.source;
  if (line.host) out.host = line.host;
  if (line.count !== 1) out.count = line.count;
  return out;
}

/** One page of a component's (or a backend's) lines, newest first. */
export async function queryLogs(ctx: AppContext, query: LogsQuery, signal: AbortSignal): Promise<LogsResponse> {
  await assertLogsEnabled(ctx);
  let selector: LogSelector | undefined;
  let backend: LogBackend;
  if (query.id) {
    selector = await selectorOf(ctx, query.id, query.name);
    backend = await backendFor(ctx, selector);
  } else {
    const id = query.backend_id ?? '';
    const row = isUuid(id) ? await backendById(ctx.db.kysely, id) : undefined;
    if (!row) throw notFound(`Log backend ${id} not found`);
    backend = createBackend(row.name, row.spec, ctx);
  }
  const window = logsWindow(query);
  const text = query.query?.trim() ? query.query.trim().toLowerCase() : undefined;
  const cursor = decodeCursor(backend.name, query.cursor);
  try {
    const page = await backend.page({ ...window, text, limit: query.limit ?? DEFAULT_LOGS_LIMIT, cursor, selector, signal });
    return {
      results: page.lines.map((l, i) => toWire(l, `${i}`)),
      backend: backend.name,
      ...(page.cursor !== undefined ? { next_cursor: encodeCursor(backend.name, page.cursor) } : {}),
      ...(page.total !== undefined ? { total: page.total } : {}),
    };
  } catch (err) {
    // Answers we chose (400, 502) and the database's own failures pass; anything else a backend
    // throws is its failure, named, never a 500.
    if (err instanceof HttpError || isPgError(err) || isDatabaseUnavailable(err)) throw err;
    throw backendFailed(backend.name, causeOf(err));
  }
}
