import { NavLink, useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';

const TABS = [
  { label: 'Catalog', path: '/catalog', end: true },
  { label: 'Changes', path: '/catalog/changes', end: false },
  { label: 'Insights', path: '/catalog/insights', end: false },
  { label: 'Scrapers', path: '/catalog/scrapers', end: false },
] as const;

/** The catalogue's tabs as links; configType is carried over in every tab link. */
export function CatalogTabs() {
  const [params] = useSearchParams();
  const configType = params.get('configType');
  return (
    <nav aria-label="Catalog sections" className="flex shrink-0 flex-wrap items-center gap-1 border-b">
      {TABS.map((tab) => (
        <NavLink
          key={tab.path}
          to={configType ? `${tab.path}?configType=${encodeURIComponent(configType)}` : tab.path}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
