/**
 * Where a job's resource lives (linked from /settings/jobs): canary, scrapers, topology, config
 * and playbook pages; undefined for types without a page.
 */
export function jobResourceLink(resourceType: string | null | undefined, resourceId: string | null | undefined): string | undefined {
  if (!resourceType || !resourceId) return undefined;
  const id = encodeURIComponent(resourceId);
  switch (resourceType) {
    case 'canary':
      return `/settings/canaries/${id}`;
    case 'config_scraper':
    case 'catalog_scraper':
      return `/catalog/scrapers/${id}`;
    case 'topology':
      return `/settings/topologies/${id}`;
    case 'config':
      return `/catalog/${id}`;
    case 'playbook':
      return `/playbooks/${id}`;
    case 'agent':
      return agentLink(resourceId);
    default:
      return undefined;
  }
}

/** An agent opens in the agents settings list with its edit dialog: /settings/agents?id={agentId}. */
export function agentLink(agentId: string): string {
  return `/settings/agents?id=${encodeURIComponent(agentId)}`;
}
