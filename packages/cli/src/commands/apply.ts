import { resourceApplyProblemSchema, resourceApplyResponseSchema, type ResourceApplyResponse } from '@ops/shared';
import { ServerError } from '../errors.js';
import { renderData, renderTable } from '../output.js';
import { readInputs, type InputDocument } from '../read-inputs.js';
import type { CommandContext } from './context.js';

/**
 * `ops apply -f FILE...`: send every document of every file in one request, so the server applies
 * all of them or none. Server errors about a document also say which file and line it came from.
 */
export async function applyCommand(files: readonly string[], recursive: boolean, ctx: CommandContext): Promise<void> {
  const docs = await readInputs(files, recursive, ctx.io);
  let answer: ResourceApplyResponse;
  try {
    answer = await ctx.client.request('POST', '/api/resources/apply', resourceApplyResponseSchema, {
      type: 'application/json',
      text: JSON.stringify(docs.map((d) => d.value)),
    });
  } catch (err) {
    throw err instanceof ServerError ? withSources(err, docs) : err;
  }
  if (ctx.output !== 'table') return ctx.io.out(renderData(ctx.output, answer));
  const namespaced = answer.results.some((r) => r.namespace !== null);
  const headers = namespaced ? ['KIND', 'NAMESPACE', 'NAME', 'ACTION'] : ['KIND', 'NAME', 'ACTION'];
  const rows = answer.results.map((r) => (namespaced ? [r.kind, r.namespace ?? '', r.name, r.action] : [r.kind, r.name, r.action]));
  ctx.io.out(renderTable(headers, rows));
}

// The server numbers documents in the order sent; map those numbers back to file and line.
function withSources(err: ServerError, docs: readonly InputDocument[]): ServerError {
  const problems = resourceApplyProblemSchema.array().safeParse(err.details).data ?? [];
  const numbers = [...new Set(problems.map((p) => p.document))];
  const lines = numbers.flatMap((n) => {
    const doc = docs[n - 1];
    return doc ? [`  document ${n} is ${doc.source}${doc.line !== undefined ? ` line ${doc.line}` : ''}`] : [];
  });
  return lines.length ? new ServerError(err.status, err.serverMessage, err.details, lines) : err;
}
