import { resourceDeleteResponseSchema } from '@ops/shared';
import { renderData } from '../output.js';
import { segment, type CommandContext } from './context.js';

/** `ops delete KIND NAME`: remove one resource; prints `Kind name deleted` (or the answer as JSON/YAML). */
export async function deleteCommand(kind: string, name: string, namespace: string | undefined, ctx: CommandContext): Promise<void> {
  const qs = namespace ? `?${new URLSearchParams({ namespace })}` : '';
  const answer = await ctx.client.request('DELETE', `/api/resources/${segment(kind)}/${segment(name)}${qs}`, resourceDeleteResponseSchema);
  if (ctx.output !== 'table') return ctx.io.out(renderData(ctx.output, answer));
  const where = answer.namespace ? ` in namespace ${answer.namespace}` : '';
  ctx.io.out(`${answer.kind} ${answer.name}${where} ${answer.action}\n`);
}
