import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { GITOPS_CHARTS, GITOPS_OPTIONS, type GitOpsOption } from '../gitops/gitops-charts';
import type { DirectOption } from './direct-options';

const OPTION =
  'flex w-full items-start gap-3 rounded-md border px-3 py-2.5 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      <div className="grid gap-1.5">{children}</div>
    </section>
  );
}

/** The dialog's left column: 'Add Directly' links and the 'Add via GitOps' charts; the chosen chart is marked. */
export function IntegrationOptionList({
  direct,
  selected,
  onSelect,
}: {
  direct: readonly DirectOption[];
  selected: GitOpsOption | null;
  onSelect: (option: GitOpsOption) => void;
}) {
  return (
    <nav aria-label="Integration options" className="grid content-start gap-5">
      {direct.length > 0 && (
        <Section title="Add Directly">
          {direct.map((o) => (
            <Link key={o.area} to={o.path} className={OPTION}>
              <o.icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="grid">
                <span className="font-medium">{o.label}</span>
                <span className="text-xs text-muted-foreground">{o.description}</span>
              </span>
            </Link>
          ))}
        </Section>
      )}
      <Section title="Add via GitOps">
        {GITOPS_OPTIONS.map((option) => {
          const chart = GITOPS_CHARTS[option];
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected === option}
              onClick={() => onSelect(option)}
              className={cn(OPTION, selected === option && 'border-primary bg-primary/8')}
            >
              <chart.icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="grid">
                <span className="font-medium">{option}</span>
                <span className="text-xs text-muted-foreground">{chart.description}</span>
              </span>
            </button>
          );
        })}
      </Section>
    </nav>
  );
}
