import type { ConfigDetailRow } from '@ops/shared';
import { NIL_UUID } from '@ops/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateCell } from '../../../components/data-table/cells';
import { CostCell } from '../components/count-cells';
import { HealthBadge } from '../components/health-badge';
import { TagChips } from '../components/tag-chips';
import { LinkedComponents } from './linked-components';

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

interface PropertyLink {
  label?: string;
  text?: string;
  url?: string;
}

/** A custom property of the item (name, text or value with unit, links). */
function PropertyValue({ property }: { property: Record<string, unknown> }) {
  const text =
    typeof property.text === 'string'
      ? property.text
      : property.value !== undefined
        ? `${String(property.value)}${typeof property.unit === 'string' ? ` ${property.unit}` : ''}`
        : '';
  const links = Array.isArray(property.links) ? (property.links as PropertyLink[]) : [];
  return (
    <span className="flex flex-wrap gap-2">
      {text}
      {links.map((l, i) =>
        l.url ? (
          <a key={i} href={l.url} target="_blank" rel="noreferrer" className="text-primary underline-offset-2 hover:underline">
            {l.label || l.text || l.url}
          </a>
        ) : null,
      )}
    </span>
  );
}

/** The right sidebar of a config: identity, health ('Last status' once deleted), dates, scraper, agent, labels, tags, cost. */
export function ConfigSidebar({ config }: { config: ConfigDetailRow }) {
  const costs = [config.cost_total_1d, config.cost_total_7d, config.cost_total_30d].some((c) => !!c);
  return (
    <aside aria-label="Details" className="w-full shrink-0 overflow-auto rounded-lg border bg-card p-3 text-sm lg:w-80">
      <h2 className="mb-2 text-sm font-semibold">Details</h2>
      <dl>
        <Row label="Name">{config.name}</Row>
        <Row label="ID">
          <code className="text-xs">{config.id}</code>
        </Row>
        <Row label="Type">{config.type}</Row>
        <Row label="Class">{config.config_class}</Row>
        <Row label={config.deleted_at ? 'Last status' : 'Health'}>
          <HealthBadge health={config.health} />
        </Row>
        <Row label="Status">{config.status}</Row>
        <Row label="Description">{config.description}</Row>
        <Row label="Created">
          <DateCell value={config.created_at} />
        </Row>
        <Row label="Updated">{config.updated_at && <DateCell value={config.updated_at} />}</Row>
        <Row label="Deleted">{config.deleted_at && <DateCell value={config.deleted_at} />}</Row>
        <Row label="Last scraped">{config.last_scraped_time && <DateCell value={config.last_scraped_time} />}</Row>
        <Row label="Scraper">
          {config.config_scrapers && (
            <Link to={`/catalog/scrapers/${config.config_scrapers.id}`} className="text-primary hover:underline">
              {config.config_scrapers.name}
            </Link>
          )}
        </Row>
        <Row label="Agent">{config.agent && config.agent.id !== NIL_UUID ? config.agent.name : null}</Row>
        <Row label="External IDs">
          {config.external_id.length > 0 && (
            <ul>
              {config.external_id.map((e) => (
                <li key={e} className="break-all text-xs">
                  {e}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="Labels">{Object.keys(config.labels).length > 0 && <TagChips values={config.labels} max={50} />}</Row>
        <Row label="Tags">{Object.keys(config.tags).length > 0 && <TagChips values={config.tags} max={50} />}</Row>
        {costs && (
          <>
            <Row label="Cost (1d)">
              <CostCell value={config.cost_total_1d} cost30d={config.cost_total_30d} />
            </Row>
            <Row label="Cost (7d)">
              <CostCell value={config.cost_total_7d} />
            </Row>
            <Row label="Cost (30d)">
              <CostCell value={config.cost_total_30d} />
            </Row>
          </>
        )}
        {(config.properties ?? []).map((p, i) => (
          <Row key={i} label={typeof p.name === 'string' ? p.name : 'Property'}>
            <PropertyValue property={p} />
          </Row>
        ))}
      </dl>
      {config.id && <LinkedComponents configId={config.id} />}
    </aside>
  );
}
