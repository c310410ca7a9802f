import { useMemo } from 'react';
import { stringify } from 'yaml';
import { CodeViewer } from '../../../components/code-editor';

/** The Spec tab: the check's entry of its Canary as YAML (read-only). */
export function SpecTab({ spec }: { spec: unknown }) {
  const text = useMemo(() => (spec && typeof spec === 'object' && Object.keys(spec).length ? stringify(spec) : ''), [spec]);
  if (!text) return <p className="py-6 text-center text-sm text-muted-foreground">No data available</p>;
  return <CodeViewer value={text} language="yaml" size="medium" aria-label="Check spec" />;
}
