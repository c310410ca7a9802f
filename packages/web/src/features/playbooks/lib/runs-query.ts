/** The runs list's filters as read from the URL (and the resource tabs' fixed filters). */
export interface RunsFilters {
  playbookId?: string | undefined;
  status?: string | undefined;
  configId?: string | undefined;
  checkId?: string | undefined;
  componentId?: string | undefined;
  fromIso?: string | undefined;
  toIso?: string | undefined;
}

/**
 * PostgREST params for GET /playbook_runs: playbook_id, status and the resource as eq filters, created_at
 * inside the time range, limit/offset and the order (newest first by default).
 */
export function runsQueryParams(
  filters: RunsFilters,
  paging: { limit: string; offset: string; order?: string },
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { limit: paging.limit, offset: paging.offset, order: paging.order ?? 'created_at.desc' };
  const eq = (column: string, value: string | undefined) => {
    if (value && value !== 'all') out[column] = `eq.${value}`;
  };
  eq('playbook_id', filters.playbookId);
  eq('status', filters.status);
  eq('config_id', filters.configId);
  eq('check_id', filters.checkId);
  eq('component_id', filters.componentId);
  const range = [filters.fromIso && `gte.${filters.fromIso}`, filters.toIso && `lte.${filters.toIso}`].filter((v): v is string => !!v);
  if (range.length === 1) out.created_at = range[0]!;
  if (range.length === 2) out.created_at = range;
  return out;
}
