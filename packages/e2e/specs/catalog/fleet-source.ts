import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A cluster, five nodes and a database: a file scraper source the catalogue spec edits between scrapes. */
export interface FleetSource {
  /** Prefix of every config type, unique per run so parallel specs never share items. */
  prefix: string;
  file: string;
  /** Rewrite node-3's status (a change the next scrape records as a diff). */
  setNodeStatus: (status: string) => void;
  /** The ScrapeConfig YAML for this source. */
  yaml: (name: string) => string;
  remove: () => void;
}

/** Writes the source file in a fresh temporary folder the server (same machine) can read. */
export function createFleetSource(prefix: string): FleetSource {
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-e2e-catalog-'));
  const file = path.join(dir, 'fleet.json');
  const write = (node3Status: string) => {
    const items = [
      { id: `${prefix}-cluster`, kind: `${prefix}::Cluster`, name: 'prod-cluster', status: 'Running', region: 'eu-west-1' },
      ...[1, 2, 3, 4, 5].map((i) => ({
        id: `${prefix}-node-${i}`,
        kind: `${prefix}::Node`,
        name: `node-${i}`,
        status: i === 3 ? node3Status : 'Ready',
        cpu: 4 * i,
      })),
      { id: `${prefix}-db`, kind: `${prefix}::Database`, name: 'orders-db', status: 'Available' },
    ];
    writeFileSync(file, JSON.stringify(items, null, 2));
  };
  write('NotReady');
  return {
    prefix,
    file,
    setNodeStatus: write,
    yaml: (name) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  file:
    - type: $.kind
      id: $.id
      name: $.name
      status: $.status
      items: $[*]
      paths:
        - ${file}
      transform:
        relationship:
          - filter: config.kind == "${prefix}::Cluster"
            type:
              value: ${prefix}::Node
`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
