// A playbook's parameters for one resource: the declarations as the run dialog shows them (defaults are Go
// templates rendered against the resource and the caller), and the values a run gets (defaults filled,
// config/component/check parameters loaded as rows, every value checked by the shared rules).
import {
  parameterValueError,
  PLAYBOOK_PARAMETER_TYPES,
  type PlaybookParameterProperties,
  type PlaybookParameterType,
  type PlaybookParameterWire,
} from '@ops/shared';
import { renderTemplate } from '@ops/shared/expr';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { PlaybookInputError } from '../engine/errors.js';
import type { ResourceKind } from './resource-kinds.js';
import { loadResourceRow } from './resource-ref.js';
import type { ParameterDecl, SpecShape } from './spec-shape.js';
import type { TemplateEnvBase } from './template-env.js';

/** What a parameter default sees: the resource, the caller as `.user`, the playbook and its env. */
export type ParamsEnv = TemplateEnvBase;

const RESOURCE_PARAM: Partial<Record<PlaybookParameterType, ResourceKind>> = { config: 'config', component: 'component', check: 'check' };
const WHAT: Record<ResourceKind, string> = { config: 'config item', component: 'component', check: 'check' };

/** The parameters as the run dialog shows them, defaults rendered for the resource (a default that fails to render is left out). */
export function renderParameters(spec: SpecShape, env: ParamsEnv): PlaybookParameterWire[] {
  return (spec.parameters ?? []).map((p) => toWire(p, renderDefault(p, env)));
}

/**
 * The values a run gets: each given value or the rendered default, checked by the shared parameter rules;
 * config, component and check parameters become their rows. Throws PlaybookInputError (400) naming the parameter.
 */
export async function resolveParamValues(
  db: Kysely<Database>,
  spec: SpecShape,
  given: Record<string, unknown>,
  env: ParamsEnv,
): Promise<Record<string, unknown>> {
  const decls = spec.parameters ?? [];
  const known = new Set(decls.map((p) => p.name));
  const unknown = Object.keys(given).find((name) => !known.has(name));
  if (unknown !== undefined) throw inputError(`params.${unknown}: the playbook has no parameter named '${unknown}'`);
  const out: Record<string, unknown> = {};
  for (const decl of decls) {
    const rendered = renderDefault(decl, env);
    const wire = toWire(decl, rendered);
    const raw = given[decl.name];
    let value: unknown = raw === undefined || raw === null || raw === '' ? rendered : raw;
    if (wire.type === 'checkbox' && typeof value === 'string') value = value === 'true';
    const problem = parameterValueError(wire, value);
    if (problem) throw inputError(`params.${decl.name}: ${problem}`);
    if (value === undefined || value === '') continue;
    const kind = RESOURCE_PARAM[wire.type];
    if (kind) {
      if (typeof value !== 'string') throw inputError(`params.${decl.name}: must be the id of a ${WHAT[kind]}`);
      const row = /^[0-9a-f-]{36}$/i.test(value) ? await loadResourceRow(db, kind, value) : undefined;
      if (!row) throw inputError(`params.${decl.name}: no ${WHAT[kind]} with id ${value}`);
      value = row;
    }
    out[decl.name] = value;
  }
  return out;
}

function inputError(message: string): PlaybookInputError {
  return new PlaybookInputError(message, 400);
}

function renderDefault(p: ParameterDecl, env: ParamsEnv): string | boolean | undefined {
  const d = p.default;
  if (d === undefined || d === null) return undefined;
  if (typeof d === 'boolean') return d;
  const text = typeof d === 'string' ? d : JSON.stringify(d);
  let out: string;
  try {
    out = text.includes('{{') ? renderTemplate(text, { ...env, params: {} }, { noValue: '' }) : text;
  } catch {
    return undefined;
  }
  if (p.type === 'checkbox') return out.trim() === 'true';
  return out;
}

function toWire(p: ParameterDecl, rendered: string | boolean | undefined): PlaybookParameterWire {
  const type = (PLAYBOOK_PARAMETER_TYPES as readonly string[]).includes(p.type ?? '') ? (p.type as PlaybookParameterType) : 'text';
  const wire: PlaybookParameterWire = { name: p.name, label: p.label || p.name, type, required: p.required === true };
  if (p.description) wire.description = p.description;
  if (p.icon) wire.icon = p.icon;
  if (rendered !== undefined) wire.default = rendered;
  if (p.properties && Object.keys(p.properties).length) wire.properties = p.properties as PlaybookParameterProperties;
  return wire;
}
