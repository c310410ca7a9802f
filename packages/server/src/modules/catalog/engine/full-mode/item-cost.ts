import type { ItemCost } from '../types.js';
import type { WarningList } from './values.js';

/** The cost keys a full-mode document may carry beside `config`, as config-db names them on a scrape result. */
export const COST_KEYS = ['cost_per_minute', 'cost_total_1d', 'cost_total_7d', 'cost_total_30d'] as const;

/**
 * The item's cost from a full-mode document's top-level cost keys: numbers or numeric text, never negative.
 * A value that is not one is left out with a warning naming it, so one bad figure never drops the item.
 */
export function readItemCost(doc: Record<string, unknown>, warnings: WarningList): ItemCost | undefined {
  const cost: ItemCost = {};
  for (const key of COST_KEYS) {
    if (!Object.prototype.hasOwnProperty.call(doc, key)) continue;
    const raw = doc[key];
    if (raw === null || raw === undefined || raw === '') continue;
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
    if (!Number.isFinite(value) || value < 0) {
      warnings.add(`${key}: ${JSON.stringify(raw)} is not a cost (a number of at least 0); the item is kept without it`);
      continue;
    }
    cost[key] = value;
  }
  return Object.keys(cost).length ? cost : undefined;
}
