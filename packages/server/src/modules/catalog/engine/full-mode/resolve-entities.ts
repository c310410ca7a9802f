import { randomUUID } from 'node:crypto';
import type { AccessLog, ConfigAccess, ExternalEntity } from './access-types.js';
import { isEmptyRef, isUuid } from './access-types.js';
import type { EntityKind, EntityResolver } from './entity-resolver.js';
import type { ExtractedDocument } from './extract-document.js';
import { stringList } from './values.js';

// Second half of full-mode extraction, run where stored entities are known: give users, groups
// and roles their ids, point memberships and access records at them (creating stub entities for
// unknown aliases), and resolve config references. Unresolvable records are counted as skipped.

type Doc = ExtractedDocument;

async function idForAliases(r: EntityResolver, kind: EntityKind, aliases: string[], doc: Doc): Promise<string> {
  const found = await r.findByAliases(kind, aliases);
  if (found) return found;
  const id = randomUUID();
  const stub: ExternalEntity = { id, name: aliases[0]!, aliases };
  if (kind === 'users') doc.external_users.push(stub);
  else if (kind === 'groups') doc.external_groups.push(stub);
  else doc.external_roles.push(stub);
  return id;
}

/** Fill `user:`/`group:` alias shorthands of memberships before the entities are synced. */
async function resolveMembershipAliases(r: EntityResolver, doc: Doc): Promise<void> {
  for (const [i, ug] of doc.external_user_groups.entries()) {
    const raw = doc.raw_user_groups[i] ?? {};
    const users = stringList(raw.user);
    const groups = stringList(raw.group);
    if (!isUuid(ug.external_user_id) && users.length > 0) ug.external_user_id = await idForAliases(r, 'users', users, doc);
    if (!isUuid(ug.external_group_id) && groups.length > 0) ug.external_group_id = await idForAliases(r, 'groups', groups, doc);
  }
}

/** Sync users, groups and roles and remap memberships to the stored ids; memberships missing either side are dropped. */
export async function syncEntities(r: EntityResolver, doc: Doc): Promise<void> {
  await resolveMembershipAliases(r, doc);
  const userIds = await r.sync('users', doc.external_users);
  doc.summary.users.scraped = doc.external_users.length;
  const groupIds = await r.sync('groups', doc.external_groups);
  doc.summary.groups.scraped = doc.external_groups.length;
  await r.sync('roles', doc.external_roles);
  doc.summary.roles.scraped = doc.external_roles.length;
  doc.external_user_groups = doc.external_user_groups
    .map((ug) => ({
      external_user_id: ug.external_user_id && (userIds.get(ug.external_user_id) ?? ug.external_user_id),
      external_group_id: ug.external_group_id && (groupIds.get(ug.external_group_id) ?? ug.external_group_id),
    }))
    .filter(
      (ug): ug is { external_user_id: string; external_group_id: string } => isUuid(ug.external_user_id) && isUuid(ug.external_group_id),
    );
}

async function resolveAccessEntry(r: EntityResolver, a: ConfigAccess, doc: Doc, scraperId: string | undefined): Promise<boolean> {
  if (!a.external_user_id && a.external_user_aliases?.length)
    a.external_user_id = await idForAliases(r, 'users', a.external_user_aliases, doc);
  if (!a.external_role_id && a.external_role_aliases?.length)
    a.external_role_id = await idForAliases(r, 'roles', a.external_role_aliases, doc);
  if (!a.external_group_id && a.external_group_aliases?.length)
    a.external_group_id = await idForAliases(r, 'groups', a.external_group_aliases, doc);
  if (!a.config_id && !isEmptyRef(a.external_config_id)) {
    const id = await r.findConfig(a.external_config_id!);
    if (!id) return false;
    a.config_id = id;
  }
  a.scraper_id ??= scraperId;
  return !!(a.scraper_id || a.application_id || a.source);
}

async function resolveLog(r: EntityResolver, l: AccessLog, doc: Doc): Promise<boolean> {
  if (!l.external_user_id && l.external_user_aliases?.length)
    l.external_user_id = await idForAliases(r, 'users', l.external_user_aliases, doc);
  if (!l.external_user_id) return false;
  if (!l.config_id && !isEmptyRef(l.external_config_id)) {
    const id = await r.findConfig(l.external_config_id!);
    if (!id) return false;
    l.config_id = id;
  }
  return true;
}

/** Resolve access records' principals and config ids (after the entities are stored). */
export async function resolveAccess(r: EntityResolver, doc: Doc, scraperId?: string): Promise<void> {
  doc.summary.config_access.scraped = doc.config_access.length;
  const access: ConfigAccess[] = [];
  for (const a of doc.config_access) {
    if (await resolveAccessEntry(r, a, doc, scraperId)) access.push(a);
    else doc.summary.config_access.skipped++;
  }
  doc.config_access = access;
  doc.summary.access_logs.scraped = doc.access_logs.length;
  const logs: AccessLog[] = [];
  for (const l of doc.access_logs) {
    if (await resolveLog(r, l, doc)) logs.push(l);
    else doc.summary.access_logs.skipped++;
  }
  doc.access_logs = logs;
}
