/** The banner of a row that came from outside the UI (apply, a CRD, a file): change it at its source. */
export function ExternalSourceNote({ singular, source }: { singular: string; source: string }) {
  return (
    <p role="note" className="rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm">
      This {singular.toLowerCase()} comes from <strong>{source}</strong>: change it there. Its spec, labels and schedule are read-only here.
    </p>
  );
}
