import type { AnalysisResult, ChangeResult, ItemCost } from '../types.js';
import type { AccessLog, ConfigAccess, ExternalConfigRef, ExternalEntity, ExternalUserGroup, ExtractionSummary } from './access-types.js';
import { emptySummary, isUuid } from './access-types.js';
import { readItemCost } from './item-cost.js';
import { asList, asRecord, stringList, WarningList } from './values.js';

// `full: true` documents: reserved top-level keys carry changes, analysis, access records and
// external entities; `config` (when present) is the item's body. This splits a document into them,
// fills config references from the document's defaults, and drops (with a warning) what cannot be saved.

export interface ExtractedDocument {
  /** True when the document has a `config` key; its value then replaces the item body. */
  hasConfig: boolean;
  config: unknown;
  /** The item's cost from the document's top-level cost keys. */
  cost: ItemCost | undefined;
  changes: ChangeResult[];
  analysis: AnalysisResult[];
  access_logs: AccessLog[];
  config_access: ConfigAccess[];
  external_users: ExternalEntity[];
  external_groups: ExternalEntity[];
  external_roles: ExternalEntity[];
  external_user_groups: ExternalUserGroup[];
  /** The raw `user_groups` entries, kept for alias resolution (`user:`/`group:` shorthands). */
  raw_user_groups: Record<string, unknown>[];
  summary: ExtractionSummary;
  warnings: WarningList;
}

/** First key present wins (config-db reads `access_logs` or `logs`, `config_access` or `access`, …). */
function pick(doc: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (Object.prototype.hasOwnProperty.call(doc, k)) return doc[k];
  return undefined;
}

function firstString(doc: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) if (typeof doc[k] === 'string') return doc[k] as string;
  return undefined;
}

/** `config_id`/`uuid`, `external_id` and `config_type`/`type` of an access entry as one reference. */
function shorthandRef(raw: Record<string, unknown>): { config_id?: string; ref: ExternalConfigRef } {
  const ref: ExternalConfigRef = {};
  let configId: string | undefined;
  const id = firstString(raw, 'config_id', 'uuid');
  if (id !== undefined) {
    if (isUuid(id)) configId = id;
    else ref.external_id = id;
  }
  const ext = firstString(raw, 'external_id');
  if (ext !== undefined) ref.external_id = ext;
  const type = firstString(raw, 'config_type', 'type');
  if (type !== undefined) ref.config_type = type;
  return { config_id: configId, ref };
}

function parseRef(value: unknown): ExternalConfigRef | undefined {
  const r = asRecord(value);
  if (!r) return undefined;
  const out: ExternalConfigRef = {};
  for (const k of ['config_id', 'config_type', 'external_id', 'scraper_id'] as const)
    if (typeof r[k] === 'string' && r[k] !== '') out[k] = r[k] as string;
  if (asRecord(r.labels)) out.labels = r.labels as Record<string, string>;
  return out;
}

function refHasTarget(e: { config_id?: string; external_config_id?: ExternalConfigRef }): boolean {
  return !!e.config_id || !!e.external_config_id?.external_id || !!e.external_config_id?.config_id;
}

function parseAccess(raw: Record<string, unknown>): ConfigAccess {
  const out: ConfigAccess = {};
  for (const k of [
    'id',
    'external_user_id',
    'external_role_id',
    'external_group_id',
    'scraper_id',
    'application_id',
    'source',
    'created_at',
    'deleted_at',
  ] as const) {
    if (typeof raw[k] === 'string' && raw[k] !== '') out[k] = raw[k] as string;
  }
  if (isUuid(raw.config_id)) out.config_id = raw.config_id;
  const ext = parseRef(raw.external_config_id);
  if (ext) out.external_config_id = ext;
  for (const [field, short] of [
    ['external_user_aliases', 'user'],
    ['external_role_aliases', 'role'],
    ['external_group_aliases', 'group'],
  ] as const) {
    const aliases = stringList(raw[field]);
    const fromShort = stringList(raw[short]);
    if (aliases.length > 0) out[field] = aliases;
    else if (fromShort.length > 0) out[field] = fromShort;
  }
  if (!refHasTarget(out)) {
    const { config_id, ref } = shorthandRef(raw);
    if (config_id) out.config_id = config_id;
    else if (ref.external_id || ref.config_type) out.external_config_id = ref;
  }
  return out;
}

function parseLog(raw: Record<string, unknown>): AccessLog {
  const out: AccessLog = {};
  if (isUuid(raw.config_id)) out.config_id = raw.config_id;
  if (typeof raw.external_user_id === 'string' && raw.external_user_id) out.external_user_id = raw.external_user_id;
  if (typeof raw.scraper_id === 'string') out.scraper_id = raw.scraper_id;
  if (typeof raw.created_at === 'string') out.created_at = raw.created_at;
  if (typeof raw.mfa === 'boolean') out.mfa = raw.mfa;
  if (typeof raw.count === 'number') out.count = raw.count;
  if (asRecord(raw.properties)) out.properties = raw.properties as Record<string, unknown>;
  const ext = parseRef(raw.external_config_id);
  if (ext) out.external_config_id = ext;
  const aliases = stringList(raw.external_user_aliases);
  out.external_user_aliases = aliases.length > 0 ? aliases : stringList(raw.user);
  if (out.external_user_aliases.length === 0) delete out.external_user_aliases;
  if (!refHasTarget(out)) {
    const { config_id, ref } = shorthandRef(raw);
    if (config_id) out.config_id = config_id;
    else if (ref.external_id || ref.config_type) out.external_config_id = ref;
  }
  return out;
}

function parseEntity(raw: Record<string, unknown>): ExternalEntity {
  const out: ExternalEntity = { ...raw, name: typeof raw.name === 'string' ? raw.name : '' };
  const aliases = stringList(raw.aliases);
  if (aliases.length > 0) out.aliases = aliases;
  if (!isUuid(raw.id)) delete out.id;
  return out;
}

function parseUserGroup(raw: Record<string, unknown>): ExternalUserGroup {
  return {
    ...(typeof raw.external_user_id === 'string' ? { external_user_id: raw.external_user_id } : {}),
    ...(typeof raw.external_group_id === 'string' ? { external_group_id: raw.external_group_id } : {}),
  };
}

/** Split a full-mode document. `defaults` (the scraped item's id and type) fill change and analysis references. */
export function extractFullDocument(
  doc: Record<string, unknown>,
  defaults: { external_id?: string; config_type?: string } = {},
): ExtractedDocument {
  const out: ExtractedDocument = {
    hasConfig: Object.prototype.hasOwnProperty.call(doc, 'config'),
    config: doc.config,
    cost: undefined,
    changes: asList(doc.changes).map((c) => ({ ...c }) as unknown as ChangeResult),
    analysis: asList(doc.analysis).map((a) => ({ ...a }) as unknown as AnalysisResult),
    access_logs: asList(pick(doc, 'access_logs', 'logs')).map(parseLog),
    config_access: asList(pick(doc, 'config_access', 'access')).map(parseAccess),
    external_users: asList(pick(doc, 'external_users', 'users')).map(parseEntity),
    external_groups: asList(pick(doc, 'external_groups', 'groups')).map(parseEntity),
    external_roles: asList(pick(doc, 'external_roles', 'roles')).map(parseEntity),
    raw_user_groups: asList(pick(doc, 'external_user_groups', 'user_groups')),
    external_user_groups: [],
    summary: emptySummary(),
    warnings: new WarningList(),
  };
  out.external_user_groups = out.raw_user_groups.map(parseUserGroup);
  out.cost = readItemCost(doc, out.warnings);
  out.summary.changes.scraped = out.changes.length;
  out.summary.analysis.scraped = out.analysis.length;
  applyDefaults(doc, out, defaults);
  validate(out);
  return out;
}

function applyDefaults(doc: Record<string, unknown>, out: ExtractedDocument, item: { external_id?: string; config_type?: string }): void {
  const uuid = firstString(doc, 'uuid', 'config_id');
  const defaultId = isUuid(uuid) ? uuid : undefined;
  const defaultRef: ExternalConfigRef = {};
  const ext = firstString(doc, 'external_id', 'id');
  if (ext) defaultRef.external_id = ext;
  const type = firstString(doc, 'type', 'config_type');
  if (type) defaultRef.config_type = type;
  for (const a of out.config_access) {
    if (a.config_id || (a.external_config_id && (a.external_config_id.external_id || a.external_config_id.config_id))) continue;
    if (defaultId) a.config_id = defaultId;
    else if (defaultRef.external_id || defaultRef.config_type) a.external_config_id = { ...defaultRef };
  }
  for (const l of out.access_logs) {
    if (l.config_id || l.external_config_id?.external_id) continue;
    if (defaultId) l.config_id = defaultId;
    else if (defaultRef.external_id || defaultRef.config_type) l.external_config_id = { ...defaultRef };
  }
  const changeId = defaultRef.external_id ?? item.external_id;
  const changeType = defaultRef.config_type ?? item.config_type;
  for (const c of out.changes) {
    // Both are always present (possibly empty), as in config-db's JSON.
    c.external_id = (c.external_id || changeId) ?? '';
    c.config_type = (c.config_type || changeType) ?? '';
  }
  for (const a of out.analysis) {
    if (a.external_id || (Array.isArray(a.external_configs) && a.external_configs.length > 0)) continue;
    if (changeId) a.external_id = changeId;
    if (changeType) a.config_type = changeType;
  }
}

function validate(out: ExtractedDocument): void {
  out.changes = out.changes.filter((c) => {
    const problem = !c.external_id
      ? 'change missing external_id'
      : !c.external_change_id
        ? 'change missing external_change_id'
        : !c.change_type
          ? 'change missing change_type'
          : '';
    if (!problem) return true;
    out.summary.changes.skipped++;
    out.warnings.add(problem, c);
    return false;
  });
  out.analysis = out.analysis.filter((a) => {
    if (a.external_id || (Array.isArray(a.external_configs) && a.external_configs.length > 0)) return true;
    out.summary.analysis.skipped++;
    out.warnings.add('analysis missing external_id', a);
    return false;
  });
  out.config_access = out.config_access.filter((a) => {
    const hasRef = !!a.config_id || !!a.external_config_id?.external_id;
    const hasPrincipal =
      !!(a.external_user_id || a.external_group_id || a.external_role_id) ||
      [a.external_user_aliases, a.external_role_aliases, a.external_group_aliases].some((l) => (l?.length ?? 0) > 0);
    const problem = !hasRef ? 'config_access missing config reference' : !hasPrincipal ? 'config_access missing user/group reference' : '';
    if (!problem) return true;
    out.summary.config_access.skipped++;
    out.warnings.add(problem, a);
    return false;
  });
  out.access_logs = out.access_logs.filter((l) => {
    const problem =
      !l.config_id && !l.external_config_id?.external_id
        ? 'access_log missing config reference'
        : !l.external_user_id && !l.external_user_aliases?.length
          ? 'access_log missing user reference'
          : '';
    if (!problem) return true;
    out.summary.access_logs.skipped++;
    out.warnings.add(problem, l);
    return false;
  });
}
