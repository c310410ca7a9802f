import { topologyDocumentSchema, topologySpecSchema, TOPOLOGY_KIND } from '@ops/shared';
import type { ZodType } from 'zod';
import { parseLabels, parseSpecText, type SpecFormRules, type SpecFormValues } from './spec-form-model';

/** What a new topology's Spec starts with: a schedule and one component to rename. */
export const NEW_TOPOLOGY_SPEC = `schedule: "@every 5m"
type: Website
icon: Application
components:
  - name: my-component
    type: Service
`;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A whole Topology document (apiVersion, kind, metadata, spec) pasted into the Spec editor, else undefined. */
export function topologyDocumentOf(text: string): { spec: Record<string, unknown>; metadata: Record<string, unknown> } | undefined {
  const value = parseSpecText(text);
  if (!value || value.kind !== TOPOLOGY_KIND) return undefined;
  return { spec: isObject(value.spec) ? value.spec : {}, metadata: isObject(value.metadata) ? value.metadata : {} };
}

// The document is checked whole when the text declares kind: Topology, else the text is the spec alone.
const schemaFor = (text: string): ZodType => (/^kind:\s*["']?Topology\b/m.test(text) ? topologyDocumentSchema : topologySpecSchema);

/** The Topology editor's rules: its spec schema, or the document's when a whole Topology is pasted. */
export const TOPOLOGY_RULES: SpecFormRules = {
  specSchema: topologySpecSchema,
  schemaFor,
  nameFromSpec: (text) => {
    const name = topologyDocumentOf(text)?.metadata.name;
    return typeof name === 'string' && name ? name : undefined;
  },
};

/** The columns a save writes; a pasted document supplies name, namespace and labels the fields leave empty. */
export interface TopologyWrite {
  name: string;
  namespace: string;
  icon: string | null;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

/** The row to write from the form's values (which have passed TOPOLOGY_RULES). */
export function topologyWriteOf(values: SpecFormValues): TopologyWrite {
  const doc = topologyDocumentOf(values.specText);
  const meta = doc?.metadata ?? {};
  const metaLabels = isObject(meta.labels) ? Object.fromEntries(Object.entries(meta.labels).map(([k, v]) => [k, String(v)])) : {};
  const labels = parseLabels(values.labelsText) ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    name: values.name.trim() || str(meta.name),
    namespace: values.namespace.trim() || str(meta.namespace) || 'default',
    icon: values.icon.trim() || null,
    labels: { ...metaLabels, ...labels },
    spec: doc ? doc.spec : (parseSpecText(values.specText) ?? {}),
  };
}
