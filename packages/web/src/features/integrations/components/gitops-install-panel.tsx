import { useEffect, useMemo, useRef, useState } from 'react';
import { stringify } from 'yaml';
import { CodeEditor, CodeViewer, type EditorDiagnostic } from '../../../components/code-editor';
import { CopyButton } from '../../../components/copy-button';
import { Field, Input, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { fluxManifest } from '../gitops/flux-manifest';
import { GITOPS_DEFAULTS, type GitOpsChart } from '../gitops/gitops-charts';
import { helmCommand } from '../gitops/helm-command';
import { parseValues, releaseFieldError, type ReleaseField } from '../gitops/release-input';
import { valuesSchema } from '../gitops/values-schema';

/** The spec's warning under both install tabs. */
export const FLUX_WARNING = 'You will need to have Kubernetes chart installed in flux to use this option.';

const FIELDS: { field: ReleaseField; label: string }[] = [
  { field: 'releaseName', label: 'Name' },
  { field: 'namespace', label: 'Namespace' },
  { field: 'interval', label: 'Interval' },
];

/** A generated text with its Copy button: YAML in the code viewer, shell commands as plain preformatted text. */
function Output({ text, label, note, yaml }: { text: string | null; label: string; note: string | null; yaml: boolean }) {
  if (text === null) return <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">{note}</p>;
  return (
    <div className="grid gap-2">
      {note && <p className="text-xs text-warning">{note}</p>}
      {yaml ? (
        <CodeViewer value={text} language="yaml" size="medium" aria-label={label} showProblems={false} />
      ) : (
        <pre
          aria-label={label}
          tabIndex={0}
          className="max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs leading-5"
        >
          {text}
        </pre>
      )}
      <div className="flex justify-end">
        <CopyButton text={text} label={`Copy ${label}`} successMessage={`${label} copied to clipboard`} />
      </div>
    </div>
  );
}

/**
 * A GitOps option: release name, namespace and interval (defaults mission-control and 30m), the chart's values
 * in a YAML editor checked against its shipped schema, and tabs with the Flux manifest and the Helm CLI
 * command built from them in the browser (no server call).
 */
export function GitOpsInstallPanel({ chart }: { chart: GitOpsChart }) {
  const [form, setForm] = useState<Record<ReleaseField, string>>({ releaseName: chart.chart, ...GITOPS_DEFAULTS });
  const [valuesText, setValuesText] = useState(() => stringify(chart.initialValues));
  const [problems, setProblems] = useState<EditorDiagnostic[]>([]);
  const schema = useMemo(() => valuesSchema(chart.schema), [chart.schema]);
  const root = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  // On a phone the panel sits under the option list: bring it into view when a chart is picked.
  useEffect(() => {
    if (phone) root.current?.scrollIntoView({ block: 'start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, []);
  const fieldErrors = Object.fromEntries(FIELDS.map(({ field }) => [field, releaseFieldError(field, form[field])]));
  const parsed = parseValues(valuesText);

  let blocked: string | null = null;
  if (Object.values(fieldErrors).some(Boolean)) blocked = 'Fix the fields above to generate the manifest.';
  else if ('error' in parsed) blocked = `The values are not valid YAML: ${parsed.error}`;
  const input = !blocked && 'values' in parsed ? { chart: chart.chart, ...trimmed(form), values: parsed.values } : null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const note =
    blocked ?? (errors ? `The values do not match the chart's schema (${errors} ${errors === 1 ? 'problem' : 'problems'}).` : null);

  return (
    <div ref={root} className="grid content-start gap-4">
      <div>
        <h3 className="text-base font-semibold">{chart.option}</h3>
        <p className="text-sm text-muted-foreground">
          Chart <code>{chart.chart}</code> from the flanksource repository: {chart.description}.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map(({ field, label }) => (
          <Field key={field} id={`gitops-${field}`} label={label} required error={fieldErrors[field] ?? undefined}>
            <Input
              id={`gitops-${field}`}
              value={form[field]}
              invalid={!!fieldErrors[field]}
              onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
            />
          </Field>
        ))}
      </div>
      <div className="grid gap-1.5">
        <span id="gitops-values-label" className="text-sm font-medium">
          Values
        </span>
        <CodeEditor
          value={valuesText}
          onChange={setValuesText}
          language="yaml"
          schema={schema}
          onDiagnostics={setProblems}
          size="small"
          aria-labelledby="gitops-values-label"
        />
      </div>
      <Tabs defaultValue="flux">
        <TabsList aria-label="Install with">
          <TabsTrigger value="flux">Flux</TabsTrigger>
          <TabsTrigger value="helm">Helm CLI</TabsTrigger>
        </TabsList>
        <TabsContent value="flux">
          <Output text={input && fluxManifest(input)} label="Flux manifest" note={note} yaml />
        </TabsContent>
        <TabsContent value="helm">
          <Output text={input && helmCommand(input)} label="Helm command" note={note} yaml={false} />
        </TabsContent>
      </Tabs>
      <p role="note" className="rounded-md border border-warning/35 bg-warning/10 px-3 py-2 text-sm">
        {FLUX_WARNING}
      </p>
    </div>
  );
}

function trimmed(form: Record<ReleaseField, string>): Record<ReleaseField, string> {
  return { releaseName: form.releaseName.trim(), namespace: form.namespace.trim(), interval: form.interval.trim() };
}
