import {
  connectionTypeInfo,
  SECRET_MASK,
  isCredentialReference,
  type ConnectionField,
  type ConnectionFormValues,
  type ConnectionInput,
  type ConnectionPatch,
  type ConnectionTypeInfo,
  type ConnectionView,
  type ConnectionCredential,
} from '@ops/shared';
import { isBlankCredential } from './credential-value';

/** One form field's value: text (numbers too, as typed), a switch, or a credential (value or reference). */
export type FieldValue = string | boolean | ConnectionCredential;

/** What the connection form edits: name, namespace and the type's fields by name. */
export interface ConnectionFormState {
  name: string;
  namespace: string;
  fields: Record<string, FieldValue>;
}

/** How a field is drawn and checked. */
export type FieldControl = 'credential' | 'text' | 'textarea' | 'number' | 'select' | 'boolean';

export const DEFAULT_NAMESPACE = 'default';

/**
 * Secrets and certificates can come from the environment or a file instead of being typed in; any
 * other field that already holds such a reference (written by apply or a CRD) keeps that choice too.
 */
export function fieldControl(def: ConnectionField, initial?: unknown): FieldControl {
  if (def.kind === 'secret' || def.target === 'password' || def.target === 'certificate') return 'credential';
  if (isCredentialReference(initial)) return 'credential';
  return def.kind;
}

/** The catalogue entry of a type; throws for a type the catalogue does not know (the picker offers only known ones). */
export function typeInfo(type: string): ConnectionTypeInfo {
  const info = connectionTypeInfo(type);
  if (!info) throw new Error(`Unknown connection type ${type}`);
  return info;
}

function defaultFor(def: ConnectionField): FieldValue {
  if (def.kind === 'boolean') return def.default === true;
  return def.default === undefined ? '' : String(def.default);
}

/** A new connection of a type: the catalogue's defaults, namespace 'default'. */
export function emptyConnection(type: string): ConnectionFormState {
  const fields = Object.fromEntries(typeInfo(type).fields.map((def) => [def.name, defaultFor(def)]));
  return { name: '', namespace: DEFAULT_NAMESPACE, fields };
}

function storedValue(view: ConnectionView, def: ConnectionField): unknown {
  if (def.target === 'property') return view.properties[def.name];
  if (def.target === 'insecure_tls') return view.insecure_tls;
  return view[def.target];
}

/** An existing connection as form values: masked secrets stay the mask, so saving them unchanged keeps them. */
export function connectionToForm(view: ConnectionView): ConnectionFormState {
  const fields: Record<string, FieldValue> = {};
  for (const def of typeInfo(view.type).fields) {
    const raw = storedValue(view, def);
    if (def.kind === 'boolean' && !isCredentialReference(raw)) fields[def.name] = raw === true || raw === 'true';
    else if (typeof raw === 'string' || isCredentialReference(raw)) fields[def.name] = raw;
    else fields[def.name] = def.kind === 'boolean' ? false : '';
  }
  return { name: view.name, namespace: view.namespace, fields };
}

/** A column or property value to send: blank text and blank references are left out. */
function sendable(def: ConnectionField, value: FieldValue | undefined): ConnectionCredential | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    // Secrets are sent exactly as typed; other text loses the spaces a paste brings along.
    const text = fieldControl(def) === 'credential' ? value : value.trim();
    return text === '' ? undefined : text;
  }
  return isBlankCredential(value) ? undefined : value;
}

/**
 * The values a notification type composes its channel URL from: only what is typed in (a reference
 * cannot be spelled into a URL here, the server resolves it), blank as undefined so defaults apply.
 */
export function composeValues(type: string, fields: Record<string, FieldValue>): ConnectionFormValues {
  const out: ConnectionFormValues = {};
  for (const def of typeInfo(type).fields) {
    const v = fields[def.name];
    if (typeof v === 'boolean') out[def.name] = v;
    else if (typeof v === 'string' && v.trim() !== '') out[def.name] = def.kind === 'secret' ? v : v.trim();
  }
  return out;
}

/** The channel URL of a notification type for these values; undefined for other types. */
export function composedUrl(type: string, fields: Record<string, FieldValue>): string | undefined {
  const compose = typeInfo(type).composeUrl;
  return compose ? compose(composeValues(type, fields)) : undefined;
}

// What a secret reads as in the URL on screen: stars survive URL encoding, unlike the mask's bullets.
const HIDDEN = '********';

/** The channel URL as the form shows it: each typed secret replaced by stars (the request carries the real one). */
export function displayedUrl(type: string, fields: Record<string, FieldValue>): string | undefined {
  const shown = { ...fields };
  for (const def of typeInfo(type).fields) {
    const v = fields[def.name];
    if (fieldControl(def, v) === 'credential' && typeof v === 'string' && v !== '') shown[def.name] = HIDDEN;
  }
  return composedUrl(type, shown);
}

/**
 * The request body for create and edit: every field of the type goes to its column or to
 * `properties[name]`; a cleared column is sent as null and a cleared property as '' so an edit
 * clears them; notification types also send the composed channel URL.
 */
export function formToInput(
  type: string,
  state: ConnectionFormState,
): ConnectionInput & { properties: Record<string, ConnectionCredential> } {
  const input: ConnectionInput & { properties: Record<string, ConnectionCredential> } = {
    name: state.name.trim(),
    namespace: state.namespace.trim() || DEFAULT_NAMESPACE,
    type: type as ConnectionInput['type'],
    insecure_tls: false,
    properties: {},
  };
  for (const def of typeInfo(type).fields) {
    const value = state.fields[def.name];
    if (def.target === 'insecure_tls') input.insecure_tls = value === true;
    // A blank property is sent empty, which removes it (left out, a secret property would be kept).
    else if (def.target === 'property') input.properties[def.name] = sendable(def, value) ?? '';
    else input[def.target] = sendable(def, value) ?? null;
  }
  const url = composedUrl(type, state.fields);
  if (url !== undefined) input.url = url;
  return input;
}

/**
 * The body of an edit: as for create, except that a channel URL that needs a secret still shown as the
 * mask (the browser never has it) is sent as the mask itself, which has the server compose it again
 * from the stored parts.
 */
export function formToPatch(type: string, state: ConnectionFormState): ConnectionPatch {
  const input: ConnectionPatch = formToInput(type, state);
  const usesMask = Object.values(state.fields).some((v) => v === SECRET_MASK);
  if (typeInfo(type).composeUrl && usesMask) input.url = SECRET_MASK;
  return input;
}
