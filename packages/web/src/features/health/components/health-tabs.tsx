import { Tabs, TabsList, TabsTrigger } from '../../../components/ui';
import type { TabOption } from '../lib/check-tabs';

export interface HealthTabsProps {
  tabs: TabOption[];
  value: string;
  onChange: (tab: string) => void;
  /** Checks per tab value, shown as a count. */
  counts?: Readonly<Record<string, number>>;
}

/** The Tab By tabs ('All' first); the selected tab lives in the URL. */
export function HealthTabs({ tabs, value, onChange, counts }: HealthTabsProps) {
  // A tab from a link that no check has (yet) still shows, so the URL and the page agree.
  const list = tabs.some((t) => t.value === value) ? tabs : [...tabs, { value, label: value }];
  return (
    <Tabs value={value} onValueChange={onChange}>
      <TabsList aria-label="Check tabs" className="flex max-w-full overflow-x-auto">
        {list.map((t) => (
          <TabsTrigger key={t.value} value={t.value} className="shrink-0">
            {t.label}
            {counts?.[t.value] !== undefined && <span aria-hidden className="text-xs text-muted-foreground">{counts[t.value]}</span>}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}
