import type { ConfigChangeRow } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateCell } from '../../../components/data-table/cells';
import { Dialog, EmptyState, ErrorState } from '../../../components/ui';
import { catalogKeys } from '../api/catalog-keys';
import { getChange } from '../api/changes-api';
import { Loading } from '../components/loading';
import { repeatText } from './change-columns';
import { DiffView, JsonPatchView } from './diff-view';
import { SeverityBadge } from './severity-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function ChangeBody({ change }: { change: ConfigChangeRow }) {
  const details = change.details && Object.keys(change.details).length > 0 ? change.details : null;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="Type">{change.change_type}</Field>
        <Field label="Severity">{change.severity && <SeverityBadge severity={change.severity} withText />}</Field>
        <Field label="Source">{change.source}</Field>
        <Field label="Created By">{change.external_created_by ?? change.created_by}</Field>
        <Field label="Last Seen">
          <DateCell value={change.created_at} />
        </Field>
        <Field label="First Seen">
          <DateCell value={change.first_observed} />
        </Field>
        <Field label="Count">{repeatText(change) ?? (change.count > 1 ? String(change.count) : null)}</Field>
        <Field label="Config">
          <Link to={`/catalog/${change.config_id}`} className="text-primary hover:underline">
            Open config
          </Link>
        </Field>
      </dl>
      {change.summary && <p className="text-sm">{change.summary}</p>}
      {change.diff ? (
        <Section title="Diff">
          <DiffView diff={change.diff} />
        </Section>
      ) : null}
      {change.patches && change.patches.length > 0 ? (
        <Section title="Patches">
          <JsonPatchView patches={change.patches} />
        </Section>
      ) : null}
      {details && (
        <Section title="Details">
          <pre className="max-h-[40vh] overflow-auto rounded-md border bg-muted/40 p-2 text-xs">{JSON.stringify(details, null, 2)}</pre>
        </Section>
      )}
      {!change.diff && !change.patches?.length && !details && <EmptyState title="No details found" />}
    </div>
  );
}

/** The change detail dialog (row click on a changes table): fields, the unified diff, the JSON patch and details. */
export function ChangeDialog({
  changeId,
  configId,
  title,
  onClose,
}: {
  changeId: string | null;
  configId?: string | undefined;
  title?: string;
  onClose: () => void;
}) {
  const change = useQuery({
    queryKey: catalogKeys.change(changeId ?? ''),
    queryFn: ({ signal }) => getChange(changeId!, configId, signal),
    enabled: !!changeId,
  });
  const heading = change.data ? `${change.data.change_type}${title ? ` — ${title}` : ''}` : (title ?? 'Change');
  return (
    <Dialog open={!!changeId} onOpenChange={(open) => !open && onClose()} title={heading} size="xl">
      {change.isPending ? (
        <Loading />
      ) : change.error ? (
        <ErrorState error={change.error} onRetry={() => void change.refetch()} />
      ) : change.data ? (
        <ChangeBody change={change.data} />
      ) : (
        <EmptyState title="No details found" />
      )}
    </Dialog>
  );
}
