import type { ExtractedDocument } from '../full-mode/extract-document.js';
import type { MembershipInput } from '../full-mode/access-types.js';
import { stringList, WarningList } from '../full-mode/values.js';
import type { AccessEntities, AnalysisResult, ChangeResult, RelationshipResult, ScrapedConfig, ScrapeError } from '../types.js';

/** What extraction accumulates across the entries of one scrape. */
export class ExtractionOutput {
  readonly configs: ScrapedConfig[] = [];
  readonly changes: ChangeResult[] = [];
  readonly analysis: AnalysisResult[] = [];
  readonly relationships: RelationshipResult[] = [];
  readonly errors: ScrapeError[] = [];
  readonly warnings = new WarningList();
  readonly entities: AccessEntities = {
    external_users: [],
    external_groups: [],
    external_roles: [],
    external_user_groups: [],
    config_access: [],
    access_logs: [],
  };
  /** Changes dropped by `transform.changes.exclude`. */
  excludedChanges = 0;
  /** Full-mode changes and analysis dropped for missing references. */
  skippedChanges = 0;
  skippedAnalysis = 0;

  /** Add a full-mode document's access records and external entities (resolved later, by persistence). */
  addEntities(doc: ExtractedDocument): void {
    this.entities.external_users.push(...doc.external_users);
    this.entities.external_groups.push(...doc.external_groups);
    this.entities.external_roles.push(...doc.external_roles);
    this.entities.external_user_groups.push(...doc.raw_user_groups.map(membershipInput));
    this.entities.config_access.push(...doc.config_access);
    this.entities.access_logs.push(...doc.access_logs);
    this.skippedChanges += doc.summary.changes.skipped;
    this.skippedAnalysis += doc.summary.analysis.skipped;
  }
}

// A raw `external_user_groups` entry: ids, alias lists, or the `user:`/`group:` shorthands.
function membershipInput(raw: Record<string, unknown>): MembershipInput {
  const out: MembershipInput = {};
  if (typeof raw.external_user_id === 'string' && raw.external_user_id) out.external_user_id = raw.external_user_id;
  if (typeof raw.external_group_id === 'string' && raw.external_group_id) out.external_group_id = raw.external_group_id;
  const users = stringList(raw.external_user_aliases).concat(stringList(raw.user));
  const groups = stringList(raw.external_group_aliases).concat(stringList(raw.group));
  if (users.length) out.external_user_aliases = users;
  if (groups.length) out.external_group_aliases = groups;
  return out;
}
