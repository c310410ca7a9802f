import type { ConfigDetailSummary } from '@ops/shared';
import { formatCount } from '@ops/shared';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';

/** The config detail tabs and the summary count each one's badge shows. */
export const CONFIG_TABS = [
  { tab: '', label: 'Config', count: null },
  { tab: 'changes', label: 'Changes', count: 'changes' },
  { tab: 'insights', label: 'Insights', count: 'analysis' },
  { tab: 'relationships', label: 'Relationships', count: 'relationships' },
  { tab: 'playbooks', label: 'Playbooks', count: 'playbook_runs' },
  { tab: 'checks', label: 'Checks', count: 'checks' },
] as const satisfies readonly { tab: string; label: string; count: keyof ConfigDetailSummary | null }[];

export type ConfigTab = (typeof CONFIG_TABS)[number]['tab'];

/** Whether a URL segment names a tab ('' is the Config tab). */
export function isConfigTab(tab: string | undefined): tab is ConfigTab {
  return CONFIG_TABS.some((t) => t.tab === (tab ?? ''));
}

/** The tab links of /catalog/{id}, each with a count badge from the config's summary. */
export function ConfigDetailTabs({ id, summary }: { id: string; summary: ConfigDetailSummary | undefined }) {
  return (
    <nav aria-label="Config tabs" className="flex shrink-0 flex-wrap items-center gap-1 border-b">
      {CONFIG_TABS.map((t) => {
        const n = t.count && summary ? summary[t.count] : null;
        return (
          <NavLink
            key={t.tab}
            to={t.tab ? `/catalog/${id}/${t.tab}` : `/catalog/${id}`}
            end
            className={({ isActive }) =>
              cn(
                '-mb-px inline-flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {t.label}
            {n !== null && n > 0 && (
              <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground">{formatCount(n)}</span>
            )}
          </NavLink>
        );
      })}
    </nav>
  );
}
