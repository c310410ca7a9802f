import type { FeatureKey, RbacResource } from '@ops/shared';
import type { QueryKey } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';

/** The columns a settings resource list can show, in display order. */
export const RESOURCE_COLUMNS = [
  'name',
  'source',
  'schedule',
  'namespace',
  'job_status',
  'last_run',
  'last_failed',
  'tags',
  'created_at',
  'updated_at',
  'created_by',
] as const;
export type ResourceColumn = (typeof RESOURCE_COLUMNS)[number];

/** The edit page's tabs as the URL names them (?tab=): the editor, a team's members, the job runs. */
export const RESOURCE_TABS = ['spec', 'manageTeam', 'jobHistory'] as const;
export type ResourceTab = (typeof RESOURCE_TABS)[number];

/**
 * One settings resource table: what /settings/{path} lists and how /settings/{path}/{id} edits it. Only data and
 * names live here; the editor and calls of the owning feature are bound to it in app/ (`ResourceParts`).
 */
export interface ResourceTable {
  /** Path segment (/settings/{path}) and the key the app binds the table's parts under. */
  path: string;
  /** The table rows are written to, and the relation the list reads (spec: `{table}_with_status`). */
  table: string;
  listRelation: string;
  /** Page title and breadcrumb ('Health'), and one row's kind ('Health Check': 'Add …', 'New …'). */
  title: string;
  singular: string;
  /** Read permission opens the pages; write permission adds, saves and deletes. */
  resource: RbacResource;
  feature: FeatureKey;
  /** Columns this table does not show (spec: schedule and namespace for most). */
  hiddenColumns: readonly ResourceColumn[];
  /** Tabs of an existing row's edit page, in order. */
  tabs: readonly ResourceTab[];
  /** The list's order until the user sorts (a server column). */
  defaultSort: { by: string; order: 'asc' | 'desc' };
  /** Icon before every name (scrapers). */
  icon?: LucideIcon;
  /** What the list's job_details column holds: a run's whole details, or only its scrape summary (scrapers). */
  jobDetails: 'details' | 'scrape_summary';
  /** Sources whose rows are edited here; others are read-only with a banner. Default: 'UI' and none. */
  editableSources?: readonly string[];
  /** The tab a new row opens on after its first save (teams: add members next). */
  afterCreateTab?: ResourceTab;
}

/** A row the edit page loads: the owning feature's row type, with at least these columns. */
export interface ResourceRow {
  id: string;
  name: string;
  source?: string | null;
}

/** What the owning feature's editor is given by the edit page. */
export interface ResourceEditorProps<Row extends ResourceRow, Values> {
  /** The stored row, or undefined for a new one. */
  row: Row | undefined;
  /** No write permission, or a row from another source: nothing may change. */
  readOnly: boolean;
  canWrite: boolean;
  /** The row comes from another source (apply, a CRD): its spec, labels and schedule are read-only. */
  external: boolean;
  saving: boolean;
  onSave: (values: Values) => void;
  /** The Delete button (null when the row cannot be deleted here), and the same action for editors that draw their own. */
  deleteButton: ReactNode;
  onDelete: (() => void) | undefined;
}

/** What a save did: the row's id and name (for the toast and the URL) and whether it was created. */
export interface SaveResult {
  id: string;
  name: string;
  created: boolean;
}

/** The owning feature's pieces for one table, loaded with the edit page's chunk. */
export interface ResourceParts<Row extends ResourceRow = ResourceRow, Values = unknown> {
  get: (id: string, signal?: AbortSignal) => Promise<Row | null>;
  save: (values: Values, row: Row | undefined) => Promise<SaveResult>;
  remove: (row: Row) => Promise<void>;
  Editor: ComponentType<ResourceEditorProps<Row, Values>>;
  JobHistory: ComponentType<{ id: string }>;
  /** The manageTeam tab. */
  Members?: ComponentType<{ id: string; canWrite: boolean }>;
  /** Query keys of the owning feature that a save or delete makes stale. */
  invalidates: readonly QueryKey[];
}

/** Binds a feature's typed parts for a table; the pages only pass its own rows and values back to it. */
export function defineParts<Row extends ResourceRow, Values>(parts: ResourceParts<Row, Values>): ResourceParts {
  return parts as unknown as ResourceParts;
}
