import { decodeConfigType, INSIGHT_MESSAGE_MAX_CHARS, INSIGHTS_PAGE_SIZE_DEFAULT } from '@ops/shared';
import { filterValue } from '../../../components/filters';

/** URL params of the insights screens. */
export const INSIGHT_PARAMS = {
  status: 'status',
  severity: 'severity',
  type: 'type',
  configType: 'configType',
  analyzer: 'analyzer',
  component: 'component',
  insightId: 'insightId',
} as const;

export const INSIGHTS_DEFAULT_SORT = 'last_observed';
export const INSIGHTS_PAGING = {
  page: 'pageIndex',
  pageSize: 'pageSize',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  defaults: { pageSize: INSIGHTS_PAGE_SIZE_DEFAULT, sortBy: INSIGHTS_DEFAULT_SORT, sortOrder: 'desc' as const },
  base: 0 as const,
};

/** The embedded config of an insight; `!inner` lets the list filter on it (configType). */
const CONFIG_EMBED = 'config:config_id!inner(id,name,type,config_class)';
/** With a component: only items with a live link to it (config_component_relationships), nothing embedded. */
const CONFIG_EMBED_LINKED = 'config:config_id!inner(id,name,type,config_class,links:config_component_relationships!inner())';
/** Who set the status last (null when the scraper did). */
const UPDATER_EMBED = 'status_updater:status_updated_by(id,name)';

/**
 * GET /config_analysis params: status, severity (lowercased), analysis type, analyzer, config or
 * config type, topology component (findings of the items linked to it), paging and order. 'all' and
 * empty values are dropped.
 */
export function insightParams(
  params: URLSearchParams,
  paging: { limit: string; offset: string; order?: string },
  configId?: string,
): Record<string, string> {
  const component = filterValue(params.get(INSIGHT_PARAMS.component));
  const config = component ? CONFIG_EMBED_LINKED : CONFIG_EMBED;
  const out: Record<string, string> = { select: `*,${config},${UPDATER_EMBED}`, limit: paging.limit, offset: paging.offset };
  if (component) {
    out['config.links.component_id'] = `eq.${component}`;
    out['config.links.deleted_at'] = 'is.null';
  }
  out.order = paging.order ?? `${INSIGHTS_DEFAULT_SORT}.desc`;
  const status = filterValue(params.get(INSIGHT_PARAMS.status));
  if (status) out.status = `eq.${status.toLowerCase()}`;
  const severity = filterValue(params.get(INSIGHT_PARAMS.severity));
  if (severity) out.severity = `eq.${severity.toLowerCase()}`;
  const type = filterValue(params.get(INSIGHT_PARAMS.type));
  if (type) out.analysis_type = `eq.${type}`;
  const analyzer = filterValue(params.get(INSIGHT_PARAMS.analyzer));
  if (analyzer) out.analyzer = `eq.${analyzer}`;
  if (configId) out.config_id = `eq.${configId}`;
  const configType = filterValue(params.get(INSIGHT_PARAMS.configType));
  if (configType && !configId) out['config.type'] = `eq.${decodeConfigType(configType)}`;
  return out;
}

/** An insight message cut to 500 characters, with an ellipsis when cut. */
export function cutMessage(message: string | null | undefined): string {
  if (!message) return '';
  const chars = Array.from(message);
  return chars.length > INSIGHT_MESSAGE_MAX_CHARS ? `${chars.slice(0, INSIGHT_MESSAGE_MAX_CHARS).join('')}…` : message;
}
