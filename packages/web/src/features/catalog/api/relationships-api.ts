import type { RelatedConfigRow, RelatedConfigsArgs } from '@ops/shared';
import { db } from '../../../lib/db';

/** Items related to a config, walked recursively (GET /rpc/related_configs_recursive, max depth 10). */
export async function relatedConfigs(args: RelatedConfigsArgs, signal?: AbortSignal): Promise<RelatedConfigRow[]> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) if (value !== undefined && value !== '') params[key] = String(value);
  const res = await db.get<RelatedConfigRow>('rpc/related_configs_recursive', params, { signal });
  return res.data;
}
