import { decodeConfigType, RELATED_CONFIGS_MAX_DEPTH, type RelatedConfigRow, type RelatedConfigsArgs } from '@ops/shared';
import { decodeTriState, type TriStateMap } from '../../../components/filters';
import { decodeLabelFilters } from './label-filter';

/** URL params of the Relationships tab. */
export const REL_PARAMS = {
  outgoing: 'outgoing',
  incoming: 'incoming',
  relation: 'relation',
  view: 'view',
  configTypes: 'configTypes',
  labels: 'labels',
  relationship: 'relationship',
  status: 'status',
  health: 'health',
  direction: 'layout',
  edgeStyle: 'edgeStyle',
  group: 'group',
} as const;

export interface RelationshipView {
  outgoing: boolean;
  incoming: boolean;
  soft: boolean;
  view: 'table' | 'graph';
  direction: 'LR' | 'TB';
  edgeStyle: 'bezier' | 'smoothstep';
  toggled: Set<string>;
}

/**
 * The tab's toggles from the URL: Outgoing and Incoming on, Soft on (the links scrapers make are most of what
 * the tab's badge counts; `relation=hard` turns them off), table view, left-to-right bezier.
 */
export function readRelationshipView(params: URLSearchParams): RelationshipView {
  return {
    outgoing: params.get(REL_PARAMS.outgoing) !== 'false',
    incoming: params.get(REL_PARAMS.incoming) !== 'false',
    soft: params.get(REL_PARAMS.relation) !== 'hard',
    view: params.get(REL_PARAMS.view) === 'graph' ? 'graph' : 'table',
    direction: params.get(REL_PARAMS.direction) === 'TB' ? 'TB' : 'LR',
    edgeStyle: params.get(REL_PARAMS.edgeStyle) === 'smoothstep' ? 'smoothstep' : 'bezier',
    toggled: new Set(params.getAll(REL_PARAMS.group)),
  };
}

/**
 * Arguments of rpc/related_configs_recursive: the direction from the Outgoing/Incoming toggles
 * (both or neither: all), hard links or both per Soft, deleted items per 'Hide Deleted Catalog', depth 10.
 */
export function relatedArgs(
  configId: string,
  view: Pick<RelationshipView, 'outgoing' | 'incoming' | 'soft'>,
  hideDeleted: boolean,
): RelatedConfigsArgs {
  const typeFilter = view.outgoing === view.incoming ? 'all' : view.outgoing ? 'outgoing' : 'incoming';
  const relation = view.soft ? 'both' : 'hard';
  return {
    config_id: configId,
    type_filter: typeFilter,
    include_deleted_configs: !hideDeleted,
    max_depth: RELATED_CONFIGS_MAX_DEPTH,
    incoming_relation: relation,
    outgoing_relation: relation,
  };
}

function matches(map: TriStateMap, value: string | null | undefined, decode: (v: string) => string = (v) => v): boolean {
  const include = Object.entries(map)
    .filter(([, s]) => s === 1)
    .map(([v]) => decode(v));
  const exclude = Object.entries(map)
    .filter(([, s]) => s === -1)
    .map(([v]) => decode(v));
  if (include.length && !include.includes(value ?? '')) return false;
  return !exclude.includes(value ?? '');
}

/** The filter bar's choices applied to the related items: config types, labels (tags), relationship, status, health. */
export function filterRelated(items: readonly RelatedConfigRow[], params: URLSearchParams): RelatedConfigRow[] {
  const types = decodeTriState(params.get(REL_PARAMS.configTypes));
  const status = decodeTriState(params.get(REL_PARAMS.status));
  const health = decodeTriState(params.get(REL_PARAMS.health));
  const labels = decodeLabelFilters(params.get(REL_PARAMS.labels));
  const relationship = params.get(REL_PARAMS.relationship);
  return items.filter(
    (item) =>
      matches(types, item.type, decodeConfigType) &&
      matches(status, item.status) &&
      matches(health, item.health) &&
      (!relationship || relationship === 'all' || item.relation === relationship) &&
      labels.every((l) => (l.value === null ? !(l.key in item.tags) : item.tags[l.key] === l.value)),
  );
}
