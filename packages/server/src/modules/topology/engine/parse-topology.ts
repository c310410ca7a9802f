// Reading and validating a Topology document: errors name the field (`spec.components[0].name: …`) so
// apply answers 4xx pointing at it. Inline checks and lookups are validated as the Canary specs they are.
import { CANARY_API_VERSION } from '@ops/shared';
import { validateCel } from '@ops/shared/expr';
import { parse as parseYaml } from 'yaml';
import { parseSchedule, type Schedule, type ScheduleRules } from '../../../scheduling/index.js';
import { CanaryValidationError, parseCanary } from '../../health/index.js';
import type { ComponentSpec, TopologyDocument } from './topology-spec.js';

export const TOPOLOGY_KIND = 'Topology';
/** Topologies run no more often than once a minute; an empty schedule means every five minutes. */
export const TOPOLOGY_SCHEDULE_RULES: ScheduleRules = { minIntervalMs: 60_000, emptyMeans: '@every 5m' };

export interface TopologyIssue {
  path: string;
  message: string;
}

/** A Topology that cannot be accepted; `issues` name each field. */
export class TopologyValidationError extends Error {
  constructor(readonly issues: TopologyIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
    this.name = 'TopologyValidationError';
  }
}

export interface ParsedTopology {
  document: TopologyDocument;
  schedule: Schedule;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and validates a Topology (YAML/JSON text or an object); throws TopologyValidationError. */
export function parseTopology(input: unknown): ParsedTopology {
  const raw: unknown = typeof input === 'string' ? parseYaml(input) : input;
  const issues: TopologyIssue[] = [];
  if (!isObject(raw)) throw new TopologyValidationError([{ path: '', message: 'a Topology document must be an object' }]);
  if (raw.apiVersion !== CANARY_API_VERSION) issues.push({ path: 'apiVersion', message: `must be ${CANARY_API_VERSION}` });
  if (raw.kind !== 'Topology') issues.push({ path: 'kind', message: 'must be Topology' });
  const meta = isObject(raw.metadata) ? raw.metadata : undefined;
  if (!meta || typeof meta.name !== 'string' || meta.name.trim() === '') issues.push({ path: 'metadata.name', message: 'is required' });
  if (meta?.namespace !== undefined && typeof meta.namespace !== 'string')
    issues.push({ path: 'metadata.namespace', message: 'must be a string' });
  if (meta?.labels !== undefined && !isStringMap(meta.labels))
    issues.push({ path: 'metadata.labels', message: 'must map names to strings' });
  const spec = raw.spec === undefined ? {} : raw.spec;
  if (!isObject(spec)) issues.push({ path: 'spec', message: 'must be an object' });
  let schedule: Schedule | undefined;
  if (isObject(spec)) {
    if (spec.schedule !== undefined && typeof spec.schedule !== 'string')
      issues.push({ path: 'spec.schedule', message: 'must be a string' });
    else {
      try {
        schedule = parseSchedule(spec.schedule as string | undefined, TOPOLOGY_SCHEDULE_RULES);
      } catch (err) {
        issues.push({ path: 'spec.schedule', message: (err as Error).message });
      }
    }
    validateComponent(spec, 'spec', issues, true);
  }
  if (issues.length > 0) throw new TopologyValidationError(issues);
  const namespace = typeof meta!.namespace === 'string' && meta!.namespace ? meta!.namespace : 'default';
  return {
    document: {
      apiVersion: CANARY_API_VERSION,
      kind: 'Topology',
      metadata: {
        ...(meta as Record<string, unknown>),
        name: meta!.name as string,
        namespace,
        labels: (meta!.labels as Record<string, string> | undefined) ?? {},
      },
      spec: spec as TopologyDocument['spec'],
    },
    schedule: schedule!,
  };
}

function isStringMap(v: unknown): v is Record<string, string> {
  return isObject(v) && Object.values(v).every((x) => typeof x === 'string');
}

const STRING_FIELDS = [
  'name',
  'type',
  'icon',
  'namespace',
  'externalID',
  'tooltip',
  'owner',
  'text',
  'description',
  'lifecycle',
  'status',
  'health',
];

// Checks one component (the spec root too) and everything below it.
function validateComponent(c: Record<string, unknown>, path: string, issues: TopologyIssue[], root = false): void {
  for (const f of STRING_FIELDS) {
    if (c[f] !== undefined && typeof c[f] !== 'string') issues.push({ path: `${path}.${f}`, message: 'must be a string' });
  }
  if (!root && c.lookup === undefined && (typeof c.name !== 'string' || c.name.trim() === '')) {
    issues.push({ path: `${path}.name`, message: 'is required (a component without a lookup needs a name)' });
  }
  if (c.hidden !== undefined && typeof c.hidden !== 'boolean') issues.push({ path: `${path}.hidden`, message: 'must be true or false' });
  if (c.labels !== undefined && !isStringMap(c.labels)) issues.push({ path: `${path}.labels`, message: 'must map names to strings' });
  for (const f of ['statusExpr', 'healthExpr'] as const) {
    if (c[f] === undefined) continue;
    if (typeof c[f] !== 'string') issues.push({ path: `${path}.${f}`, message: 'must be a CEL expression' });
    else {
      const err = validateCel(c[f]);
      if (err) issues.push({ path: `${path}.${f}`, message: `invalid CEL: ${err.message}` });
    }
  }
  eachObject(c.properties, `${path}.properties`, issues, (p, pp) => {
    if (typeof p.name !== 'string' || p.name === '') issues.push({ path: `${pp}.name`, message: 'is required' });
    for (const n of ['value', 'min', 'max'] as const) {
      if (p[n] !== undefined && typeof p[n] !== 'number') issues.push({ path: `${pp}.${n}`, message: 'must be a number' });
    }
    if (p.lookup !== undefined) validateLookup(p.lookup, `${pp}.lookup`, issues);
  });
  eachObject(c.components, `${path}.components`, issues, (child, cp) => validateComponent(child, cp, issues));
  if (c.lookup !== undefined) validateLookup(c.lookup, `${path}.lookup`, issues);
  if (c.parentLookup !== undefined) {
    if (!isObject(c.parentLookup)) issues.push({ path: `${path}.parentLookup`, message: 'must be an object' });
    else if (!['name', 'externalID'].some((k) => typeof (c.parentLookup as Record<string, unknown>)[k] === 'string'))
      issues.push({ path: `${path}.parentLookup`, message: 'needs a name (with type and namespace) or an externalID' });
  }
  eachObject(c.checks, `${path}.checks`, issues, (chk, cp) => validateCheck(chk, cp, issues));
  eachObject(c.configs, `${path}.configs`, issues, () => undefined);
  if (c.forEach !== undefined) {
    if (!isObject(c.forEach)) issues.push({ path: `${path}.forEach`, message: 'must be an object' });
    else {
      const fe = c.forEach;
      eachObject(fe.components, `${path}.forEach.components`, issues, (child, cp) => validateComponent(child, cp, issues));
      eachObject(fe.properties, `${path}.forEach.properties`, issues, (p, pp) => {
        if (typeof p.name !== 'string' || p.name === '') issues.push({ path: `${pp}.name`, message: 'is required' });
      });
      eachObject(fe.checks, `${path}.forEach.checks`, issues, (chk, cp) => validateCheck(chk, cp, issues));
      eachObject(fe.configs, `${path}.forEach.configs`, issues, () => undefined);
    }
  }
  if (c.logs !== undefined) {
    eachObject(c.logs, `${path}.logs`, issues, (l, lp) => {
      if (typeof l.name !== 'string' || l.name === '') issues.push({ path: `${lp}.name`, message: 'is required' });
    });
  }
}

function validateCheck(chk: Record<string, unknown>, path: string, issues: TopologyIssue[]): void {
  if (chk.inline === undefined && chk.selector === undefined) {
    issues.push({ path, message: 'needs `inline` (a canary spec) or `selector`' });
    return;
  }
  if (chk.inline !== undefined) validateCanarySpec(chk.inline, `${path}.inline`, issues);
  if (chk.selector !== undefined && !isObject(chk.selector)) issues.push({ path: `${path}.selector`, message: 'must be an object' });
}

// Catalogue and check lookups are the engine's own; everything else is a Canary spec.
function validateLookup(lookup: unknown, path: string, issues: TopologyIssue[]): void {
  if (!isObject(lookup)) {
    issues.push({ path, message: 'must be an object (a canary spec)' });
    return;
  }
  const { catalog, configs, checks, ...canary } = lookup;
  for (const [name, v] of Object.entries({ catalog, configs, checks })) {
    if (v === undefined) continue;
    eachObject(v, `${path}.${name}`, issues, (e, ep) => {
      if (e.display !== undefined && !isObject(e.display))
        issues.push({ path: `${ep}.display`, message: 'must be an object (expr or template)' });
    });
  }
  if (Object.keys(canary).length > 0) validateCanarySpec(canary, path, issues);
}

function validateCanarySpec(spec: unknown, path: string, issues: TopologyIssue[]): void {
  if (!isObject(spec)) {
    issues.push({ path, message: 'must be an object (a canary spec)' });
    return;
  }
  try {
    parseCanary({ apiVersion: CANARY_API_VERSION, kind: 'Canary', metadata: { name: 'lookup' }, spec });
  } catch (err) {
    if (!(err instanceof CanaryValidationError)) throw err;
    for (const i of err.issues) issues.push({ path: i.path.replace(/^spec/, path), message: i.message });
  }
}

function eachObject(v: unknown, path: string, issues: TopologyIssue[], f: (o: Record<string, unknown>, path: string) => void): void {
  if (v === undefined || v === null) return;
  if (!Array.isArray(v)) {
    issues.push({ path, message: 'must be a list' });
    return;
  }
  v.forEach((o, i) => {
    if (!isObject(o)) issues.push({ path: `${path}[${i}]`, message: 'must be an object' });
    else f(o, `${path}[${i}]`);
  });
}

/** The document of a stored topology row, as `ops get` prints it and the engine reads it. */
export function topologyDocument(row: { name: string; namespace: string; labels: unknown; spec: unknown }): TopologyDocument {
  return {
    apiVersion: CANARY_API_VERSION,
    kind: 'Topology',
    metadata: { name: row.name, namespace: row.namespace, labels: (row.labels as Record<string, string>) ?? {} },
    spec: (row.spec ?? {}) as ComponentSpec,
  };
}
