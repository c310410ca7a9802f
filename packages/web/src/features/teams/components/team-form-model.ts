import { MESSAGES, teamRowSchema, type TeamRow } from '@ops/shared';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import type { TeamWrite } from '../api/teams-api';

/** What the team form edits: the spec is YAML text until it is saved. */
export interface TeamFormValues {
  name: string;
  icon: string;
  specText: string;
}

/** The form's starting values: the team's fields, or an empty new team. */
export function toTeamFormValues(team: TeamRow | null | undefined): TeamFormValues {
  const spec = team?.spec ?? {};
  return { name: team?.name ?? '', icon: team?.icon ?? '', specText: Object.keys(spec).length ? stringify(spec) : '' };
}

/** The spec as an object, or undefined when the text does not parse to a map (such edits are ignored). */
export function parseSpec(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  try {
    const value: unknown = parse(text);
    if (value === null || value === undefined) return {};
    return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The team form's rules (the shared team row's name, required): only the name is checked. */
export const teamFormSchema = z.object({
  name: teamRowSchema.shape.name.trim().min(1, MESSAGES.required),
  icon: z.string(),
  specText: z.string(),
});

/** The body to save; an unparsable spec keeps the team's stored spec. */
export function teamWriteFrom(values: TeamFormValues, previousSpec: Record<string, unknown> = {}): TeamWrite {
  return { name: values.name.trim(), icon: values.icon.trim() || null, spec: parseSpec(values.specText) ?? previousSpec };
}

/** Whether a team came from outside the UI (apply, CRD): its spec is then read-only here. */
export function hasExternalSource(team: Pick<TeamRow, 'source'> | null | undefined): boolean {
  return !!team?.source && team.source !== 'UI';
}
