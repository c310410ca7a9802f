import type { ConfigAnalysisRow } from '@ops/shared';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateCell } from '../../../components/data-table/cells';
import { IconButton } from '../../../components/ui';
import { SeverityBadge } from '../changes/severity-badge';
import { cutMessage } from '../lib/insights-params';
import { InsightActions } from './insight-actions';

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The details panel of an insight (row click): its fields and the message cut to 500 characters. */
export function InsightPanel({ insight, onClose }: { insight: ConfigAnalysisRow; onClose: () => void }) {
  const analysis = insight.analysis && Object.keys(insight.analysis).length > 0 ? insight.analysis : null;
  return (
    <aside aria-label="Insight details" className="flex w-full shrink-0 flex-col gap-2 overflow-auto rounded-lg border bg-card p-3 lg:w-96">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-semibold">{insight.analyzer}</h2>
        <IconButton label="Close details" icon={<X />} onClick={onClose} />
      </div>
      <dl>
        <Field label="Catalog">
          {insight.config && (
            <Link to={`/catalog/${insight.config_id}`} className="text-primary hover:underline">
              {insight.config.name ?? insight.config_id}
            </Link>
          )}
        </Field>
        <Field label="Type">{insight.analysis_type.replace(/_/g, ' ')}</Field>
        <Field label="Severity">
          <SeverityBadge severity={insight.severity} withText />
        </Field>
        <Field label="Status">
          <span data-testid="insight-status">
            <span className="capitalize">{insight.status}</span>
            {insight.status_updated_at && (
              <span className="text-muted-foreground">
                {' · '}
                {insight.status_updater?.name ?? 'by the scraper'} · <DateCell value={insight.status_updated_at} />
              </span>
            )}
          </span>
        </Field>
        <Field label="Source">{insight.source}</Field>
        <Field label="First Observed">
          <DateCell value={insight.first_observed} />
        </Field>
        <Field label="Last Observed">
          <DateCell value={insight.last_observed} />
        </Field>
        <Field label="Summary">{insight.summary}</Field>
      </dl>
      <InsightActions insight={insight} />
      {insight.message && (
        <section>
          <h3 className="mb-1 text-xs font-semibold uppercase text-muted-foreground">Message</h3>
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="insight-message">
            {cutMessage(insight.message)}
          </p>
        </section>
      )}
      {analysis && (
        <pre className="max-h-64 overflow-auto rounded-md border bg-muted/40 p-2 text-xs">{JSON.stringify(analysis, null, 2)}</pre>
      )}
    </aside>
  );
}
