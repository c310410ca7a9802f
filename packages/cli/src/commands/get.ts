import {
  resourceDocumentSchema,
  resourceKindsResponseSchema,
  resourceListResponseSchema,
  type ResourceColumn,
  type ResourceDocument,
} from '@ops/shared';
import { cellText, renderData, renderTable, valueAt } from '../output.js';
import { segment, type CommandContext } from './context.js';

export interface GetOptions {
  namespace?: string;
  limit?: number;
}

/**
 * `ops get KIND [NAME]`: one resource or a list. Tables show NAME (and NAMESPACE) and the kind's
 * own columns; `-o yaml|json` prints documents that `ops apply` accepts back (a list as `kind: List`).
 */
export async function getCommand(kind: string, name: string | undefined, opts: GetOptions, ctx: CommandContext): Promise<void> {
  const query = new URLSearchParams();
  if (opts.namespace) query.set('namespace', opts.namespace);
  if (name === undefined && opts.limit !== undefined) query.set('limit', String(opts.limit));
  const qs = query.size ? `?${query}` : '';
  if (name !== undefined) {
    const path = `/api/resources/${segment(kind)}/${segment(name)}${qs}`;
    if (ctx.output !== 'table') return ctx.io.out(renderData(ctx.output, await ctx.client.request('GET', path, resourceDocumentSchema)));
    const [doc, kinds] = await Promise.all([
      ctx.client.request('GET', path, resourceDocumentSchema),
      ctx.client.request('GET', '/api/resources', resourceKindsResponseSchema),
    ]);
    const info = kinds.kinds.find((k) => k.kind === doc.kind);
    return ctx.io.out(table([doc], info?.columns ?? [], info?.namespaced ?? false));
  }
  const list = await ctx.client.request('GET', `/api/resources/${segment(kind)}${qs}`, resourceListResponseSchema);
  if (ctx.output !== 'table') return ctx.io.out(renderData(ctx.output, { apiVersion: 'v1', kind: 'List', items: list.items }));
  if (list.items.length === 0) return ctx.io.err(`No resources found\n`);
  ctx.io.out(table(list.items, list.columns, list.namespaced));
}

function table(docs: readonly ResourceDocument[], columns: readonly ResourceColumn[], namespaced: boolean): string {
  const headers = [...(namespaced ? ['NAMESPACE'] : []), 'NAME', ...columns.map((c) => c.header)];
  const rows = docs.map((d) => [
    ...(namespaced ? [d.metadata.namespace ?? ''] : []),
    d.metadata.name,
    ...columns.map((c) => cellText(valueAt(d, c.path))),
  ]);
  return renderTable(headers, rows);
}
