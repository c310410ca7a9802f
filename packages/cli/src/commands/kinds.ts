import { resourceKindsResponseSchema } from '@ops/shared';
import { renderData, renderTable } from '../output.js';
import type { CommandContext } from './context.js';

/** `ops kinds`: every kind the server knows, its apiVersions, short names and whether it can be applied yet. */
export async function kindsCommand(ctx: CommandContext): Promise<void> {
  const answer = await ctx.client.request('GET', '/api/resources', resourceKindsResponseSchema);
  if (ctx.output !== 'table') return ctx.io.out(renderData(ctx.output, answer));
  const rows = answer.kinds.map((k) => [
    k.kind,
    k.apiVersions.join(','),
    k.aliases.join(','),
    k.namespaced ? 'true' : 'false',
    k.supported ? 'true' : 'false',
  ]);
  ctx.io.out(renderTable(['KIND', 'APIVERSION', 'SHORTNAMES', 'NAMESPACED', 'SUPPORTED'], rows));
}
