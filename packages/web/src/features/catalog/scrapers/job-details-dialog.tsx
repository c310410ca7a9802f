import { Dialog } from '../../../components/ui';
import { ScrapeSummaryView } from './scrape-summary';

/** A run's details: its scrape summary and errors ('Details for job {name}'). */
export function JobDetailsDialog({
  name,
  details,
  errors,
  onClose,
}: {
  name: string | null;
  details: Record<string, unknown> | null | undefined;
  errors?: string[] | null | undefined;
  onClose: () => void;
}) {
  const summary =
    details && typeof details.scrape_summary === 'object' && details.scrape_summary
      ? (details.scrape_summary as Record<string, unknown>)
      : details;
  const extra = (errors ?? []).filter((e) => e.trim() && !(Array.isArray(summary?.errors) && (summary.errors as unknown[]).includes(e)));
  return (
    <Dialog open={name !== null} onOpenChange={(o) => !o && onClose()} title={`Details for job ${name ?? ''}`} size="lg">
      <ScrapeSummaryView summary={summary} />
      {extra.length > 0 && (
        <ul className="mt-3 list-disc pl-5 text-sm text-destructive">
          {extra.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
