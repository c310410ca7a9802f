// `relationships` of a check (canary-checker's CheckRelationship): selectors of the config items (and
// topology components) the check is about. Each selector field is a lookup: a fixed `value`, one of
// the check's `label`s, or a CEL `expr`.
// Self-contained (fields.zod.ts imports it into the fields every check shares).
import { z } from 'zod';

const optionalString = () => z.string({ error: 'must be a string' }).optional();

const lookup = () =>
  z
    .looseObject(
      { value: optionalString(), label: optionalString(), expr: optionalString() },
      { error: 'must be an object with value, label or expr' },
    )
    .refine((l) => [l.value, l.label, l.expr].filter((v) => v !== undefined).length <= 1, {
      error: 'give one of value, label or expr',
    })
    .optional();

/** One selector template: every field given must resolve to a non-empty value for the selector to apply. */
export const relationshipSelectorTemplate = () =>
  z.looseObject(
    {
      id: lookup(),
      external_id: lookup(),
      name: lookup(),
      namespace: lookup(),
      type: lookup(),
      agent: lookup(),
      scope: lookup(),
      labels: z.record(z.string(), z.string(), { error: 'must be a map of label names to values' }).optional(),
    },
    { error: 'must be a selector object' },
  );

/** `relationships: {configs: [selectors], components: [selectors]}`. */
export const relationshipsSpec = () =>
  z
    .looseObject(
      {
        configs: z.array(relationshipSelectorTemplate(), { error: 'must be a list of selectors' }).optional(),
        components: z.array(relationshipSelectorTemplate(), { error: 'must be a list of selectors' }).optional(),
      },
      { error: 'must be an object with configs and components' },
    )
    .optional();

export type RelationshipLookup = { value?: string; label?: string; expr?: string };
export type RelationshipSelectorTemplate = Partial<
  Record<'id' | 'external_id' | 'name' | 'namespace' | 'type' | 'agent' | 'scope', RelationshipLookup>
> & { labels?: Record<string, string> };
