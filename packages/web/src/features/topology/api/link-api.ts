import { LINK_TO_CATALOG_LIMIT, MANUAL_COMPONENT_LINK } from '@ops/shared';
import { db } from '../../../lib/db';

/** A catalogue item offered by the Link to Catalog search. */
export interface ConfigOption {
  id: string;
  name: string | null;
  type: string | null;
}

/** Live items whose name or type matches the text, at most 50, by name. */
export async function searchConfigs(text: string, signal?: AbortSignal): Promise<ConfigOption[]> {
  const q = text
    .trim()
    .replace(/[,()*]/g, ' ')
    .trim();
  const params: Record<string, string | number> = {
    select: 'id,name,type',
    deleted_at: 'is.null',
    order: 'name.asc',
    limit: LINK_TO_CATALOG_LIMIT,
  };
  if (q) params.or = `(name.ilike.*${q}*,type.ilike.*${q}*)`;
  const res = await db.get<ConfigOption>('config_items', params, { signal });
  return res.data;
}

/** Links a component to an item by hand (selector 'manual'). */
export async function linkConfig(componentId: string, configId: string): Promise<void> {
  await db.post(
    'config_component_relationships',
    { component_id: componentId, config_id: configId, selector_id: MANUAL_COMPONENT_LINK },
    {
      returnRows: false,
    },
  );
}

/** Removes a hand-made link (links made by selectors stay). */
export async function unlinkConfig(componentId: string, configId: string): Promise<void> {
  await db.delete(
    'config_component_relationships',
    { component_id: `eq.${componentId}`, config_id: `eq.${configId}`, selector_id: `eq.${MANUAL_COMPONENT_LINK}` },
    { returnRows: false },
  );
}
