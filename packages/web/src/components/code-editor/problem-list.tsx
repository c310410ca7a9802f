import type { EditorDiagnostic } from './diagnostics';

/**
 * The editor's problems as a list under it: screen readers and tests can read them, and users see
 * problems outside the visible part of the document.
 */
export function ProblemList({ problems, onSelect }: { problems: readonly EditorDiagnostic[]; onSelect?: (p: EditorDiagnostic) => void }) {
  if (problems.length === 0) return null;
  return (
    <ul aria-label="Problems" className="max-h-28 overflow-y-auto border-t bg-muted/50 px-2 py-1 text-xs">
      {problems.map((p) => (
        <li key={`${p.from}-${p.message}`}>
          <button
            type="button"
            onClick={() => onSelect?.(p)}
            className={p.severity === 'error' ? 'text-left text-destructive hover:underline' : 'text-left text-warning hover:underline'}
          >
            <span className="font-mono text-muted-foreground">Line {p.line}:</span> {p.message}
          </button>
        </li>
      ))}
    </ul>
  );
}
