// The answers `ops run playbook` reads, checked by shape: enough to follow a run without trusting a
// server of another version blindly (a wrong answer names its first bad field).
import type { PlaybookRunActionDetail, PlaybookRunResponse, PlaybookRunWire } from '@ops/shared';
import type { AnswerSchema } from '../client.js';

type Check = (v: Record<string, unknown>) => string | undefined;

function shape<T>(check: Check): AnswerSchema<T> {
  return {
    safeParse(value: unknown) {
      if (!value || typeof value !== 'object') return fail([], 'expected an object');
      const problem = check(value as Record<string, unknown>);
      return problem ? fail([problem], 'missing or of the wrong type') : { success: true, data: value as T };
    },
  };
}

function fail(path: PropertyKey[], message: string) {
  return { success: false as const, error: { issues: [{ path, message }] } };
}

const first = (v: Record<string, unknown>, fields: Record<string, string>): string | undefined =>
  Object.entries(fields).find(([k, t]) => (t === 'array' ? !Array.isArray(v[k]) : typeof v[k] !== t))?.[0];

export interface PlaybookNameRow {
  id: string;
  name: string;
  namespace: string;
}

/** The rows of `playbook_names`. */
export const playbookNamesAnswer: AnswerSchema<PlaybookNameRow[]> = {
  safeParse(value: unknown) {
    if (!Array.isArray(value)) return fail([], 'expected a list');
    const bad = value.findIndex(
      (r) => !r || typeof r !== 'object' || first(r as Record<string, unknown>, { id: 'string', name: 'string' }),
    );
    return bad >= 0 ? fail([bad, 'id'], 'missing or of the wrong type') : { success: true, data: value as PlaybookNameRow[] };
  },
};

export const runStartedAnswer = shape<PlaybookRunResponse>((v) => first(v, { run_id: 'string' }));
export const runAnswer = shape<PlaybookRunWire>((v) => first(v, { id: 'string', status: 'string', actions: 'array' }));
export const actionAnswer = shape<PlaybookRunActionDetail>((v) => first(v, { id: 'string', status: 'string', name: 'string' }));
