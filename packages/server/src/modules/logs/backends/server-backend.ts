// The `server` log backend: the console's own log, from the ring of the last lines this process wrote
// (pino JSON), newest first. Only this replica's lines: each process keeps its own ring.
import { badRequest } from '../../../http/errors.js';
import { serverLogRing, type LogRing } from '../../../http/log-ring.js';
import type { LogBackend, LogsPage, LogsPageRequest } from '../log-backend.js';
import { buildLine, containsText, timePlace } from '../line-build.js';
import type { LogLine } from '../lines/index.js';

/** The server's log as a backend; `ring` is the process's unless a test hands another. */
export function serverBackend(name: string, ring: LogRing = serverLogRing): LogBackend {
  return {
    name,
    page(req: LogsPageRequest): Promise<LogsPage> {
      const cursor = req.cursor as { q?: unknown } | undefined;
      if (cursor !== undefined && (typeof cursor !== 'object' || cursor === null || typeof cursor.q !== 'number'))
        throw badRequest('cursor: not a server log position');
      const from = cursor ? Math.min((cursor.q as number) - 1, ring.last) : ring.last;
      const lines: LogLine[] = [];
      for (let seq = from; seq >= ring.first; seq--) {
        const held = ring.at(seq);
        if (!held || !containsText(held.text, req.text)) continue;
        const line = buildLine(held.text, 'autodetect', { id: `server:${seq}`, labels: {} });
        const place = timePlace(line, req.start, req.end);
        if (place === 'before') break;
        if (place === 'after') continue;
        lines.push(line);
        if (lines.length >= req.limit) return Promise.resolve({ lines, cursor: { q: seq } });
      }
      return Promise.resolve({ lines });
    },
  };
}
