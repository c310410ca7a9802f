import { RESOURCE_COLUMNS, RESOURCE_TABS, type ResourceColumn, type ResourceTab, type ResourceTable } from '../resource-table';

/** The columns a table's list shows, in display order (every column but its hidden ones). */
export function visibleColumns(table: Pick<ResourceTable, 'hiddenColumns'>): ResourceColumn[] {
  return RESOURCE_COLUMNS.filter((c) => !table.hiddenColumns.includes(c));
}

/** Whether a row of this table is edited here: no source, or one the table's editor writes itself ('UI'). */
export function isEditableSource(table: Pick<ResourceTable, 'editableSources'>, source: string | null | undefined): boolean {
  return !source || (table.editableSources ?? ['UI']).includes(source);
}

/** The tab the URL asks for when the table has it, else the spec tab. */
export function tabOf(table: Pick<ResourceTable, 'tabs'>, param: string | null | undefined): ResourceTab {
  return table.tabs.find((t) => t === param) ?? RESOURCE_TABS[0];
}
