// The data-API relation of the integrations list: scrapers (and, from issue 15, topologies and log
// backends) with their latest run, read with 'integrations'. Read-only: each integration is written
// through its own table's relation or the apply endpoint.
import type { RelationPolicy } from '../../rest/index.js';

export const INTEGRATIONS_RELATIONS: RelationPolicy[] = [{ name: 'integrations_with_status', read: 'integrations' }];
