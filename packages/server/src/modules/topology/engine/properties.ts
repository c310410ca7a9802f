// Component properties: as written, and as lookups return them. A lookup's results merge into the
// component's properties by name (a later result sets the fields it names, e.g. `max` from one lookup
// and `value` from another); a result that is neither a property nor a list of them is the text.
import type { ComponentProperty } from '@ops/shared';
import type { PropertySpec } from './topology-spec.js';

const PROPERTY_FIELDS = [
  'name',
  'label',
  'type',
  'text',
  'value',
  'unit',
  'max',
  'min',
  'headline',
  'tooltip',
  'icon',
  'color',
  'order',
  'status',
  'links',
  'lastTransition',
] as const;

/** The stored form of a property: its known fields, without `lookup`. */
export function toProperty(p: Record<string, unknown>): ComponentProperty {
  const out: Record<string, unknown> = {};
  for (const f of PROPERTY_FIELDS) if (p[f] !== undefined && p[f] !== null) out[f] = p[f];
  if (typeof out.value === 'string' && out.value.trim() !== '' && Number.isFinite(Number(out.value))) out.value = Number(out.value);
  return out as ComponentProperty;
}

/** Merge `incoming` into `props` by name: fields it sets win; new names are appended. */
export function mergeProperties(props: ComponentProperty[], incoming: ComponentProperty[]): void {
  for (const p of incoming) {
    const found = props.find((x) => x.name === p.name);
    if (found) Object.assign(found, p);
    else props.push({ ...p });
  }
}

/** A lookup result as JSON when it is JSON text, else the value itself. */
export function resultValue(r: unknown): unknown {
  if (typeof r !== 'string') return r;
  const t = r.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return r;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return r;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list of components (items carrying `properties`) rather than of properties. */
export function isComponentList(v: unknown): v is Array<Record<string, unknown>> {
  return Array.isArray(v) && v.length > 0 && v.every((x) => isObject(x) && Array.isArray(x.properties));
}

/**
 * What a property lookup gave: properties to merge into the component, or (a component list) properties
 * to merge into named components of the same list.
 */
export function propertyLookupResults(
  spec: PropertySpec,
  results: unknown[],
): { properties: ComponentProperty[]; byComponent: Array<{ name: string; properties: ComponentProperty[] }> } {
  const properties: ComponentProperty[] = [];
  const byComponent: Array<{ name: string; properties: ComponentProperty[] }> = [];
  for (const raw of results) {
    const v = resultValue(raw);
    if (isComponentList(v)) {
      for (const c of v) {
        byComponent.push({ name: String(c.name ?? ''), properties: (c.properties as unknown[]).filter(isObject).map(toProperty) });
      }
    } else if (Array.isArray(v) && v.every((x) => isObject(x) && typeof x.name === 'string')) {
      mergeProperties(properties, (v as Array<Record<string, unknown>>).map(toProperty));
    } else if (isObject(v) && typeof v.name === 'string') {
      mergeProperties(properties, [toProperty(v)]);
    } else {
      const { lookup: _lookup, ...rest } = spec;
      mergeProperties(properties, [toProperty({ ...rest, text: typeof v === 'string' ? v : JSON.stringify(v) })]);
    }
  }
  return { properties, byComponent };
}

/** Properties as a name → value map for expressions and templates (value, else text). */
export function propertyMap(props: ComponentProperty[]): Record<string, unknown> {
  return Object.fromEntries(props.map((p) => [p.name, p.value ?? p.text ?? null]));
}
