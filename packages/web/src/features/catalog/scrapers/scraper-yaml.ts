import type { ConfigScraperRow } from '@ops/shared';
import { SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from '@ops/shared';
import { parseAllDocuments, stringify } from 'yaml';

/** The editor's starting text for a new scraper: a file scraper to adjust. */
export const NEW_SCRAPER_YAML = `apiVersion: ${SCRAPE_CONFIG_API_VERSION}
kind: ${SCRAPE_CONFIG_KIND}
metadata:
  name: new-scraper
  namespace: default
spec:
  schedule: '@every 60m'
  file:
    - type: MyType
      id: $.id
      name: $.name
      paths:
        - /path/to/items.json
`;

/** A stored scraper as the ScrapeConfig document users wrote (apiVersion, kind, metadata, spec). */
export function scraperToYaml(row: Pick<ConfigScraperRow, 'name' | 'namespace' | 'spec'>): string {
  return stringify({
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: SCRAPE_CONFIG_KIND,
    metadata: { name: row.name, namespace: row.namespace },
    spec: row.spec,
  });
}

/** metadata.name and namespace of the first document, to name toasts and deletes; null when unreadable. */
export function documentName(text: string): { name: string; namespace: string } | null {
  try {
    const doc = parseAllDocuments(text)[0];
    const value = doc && 'toJS' in doc ? (doc.toJS() as { metadata?: { name?: unknown; namespace?: unknown } } | null) : null;
    const name = value?.metadata?.name;
    if (typeof name !== 'string' || !name) return null;
    const namespace = typeof value?.metadata?.namespace === 'string' ? value.metadata.namespace : 'default';
    return { name, namespace };
  } catch {
    return null;
  }
}

/** Sources a user may edit in place; scrapers from elsewhere (a CRD, a config file) are read-only here. */
export function isEditableSource(source: string | null | undefined): boolean {
  return !source || ['UI', 'apply', 'ui'].includes(source);
}
