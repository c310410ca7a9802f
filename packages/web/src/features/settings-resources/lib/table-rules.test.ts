import { describe, expect, it } from 'vitest';
import { listSelect } from '../api/resource-list-api';
import { RESOURCE_COLUMNS, type ResourceTable } from '../resource-table';
import { RESOURCE_TABLES } from '../resource-tables';
import { isEditableSource, tabOf, visibleColumns } from './table-rules';

const table = (path: string): ResourceTable => RESOURCE_TABLES.find((t) => t.path === path)!;

// A table the product does not have yet (issue 15 adds it): the description alone sets its columns and tabs.
const TOPOLOGIES: ResourceTable = {
  path: 'topologies',
  table: 'topologies',
  listRelation: 'topologies_with_status',
  title: 'Topology',
  singular: 'Topology',
  resource: 'topologies',
  feature: 'settings.topology',
  hiddenColumns: ['schedule'],
  tabs: ['spec', 'jobHistory'],
  defaultSort: { by: 'created_at', order: 'desc' },
  jobDetails: 'details',
};

describe('columns of the settings lists', () => {
  it('shows every column in spec order except the table’s hidden ones', () => {
    expect(visibleColumns(table('canaries'))).toEqual(RESOURCE_COLUMNS.filter((c) => c !== 'namespace'));
    expect(visibleColumns(TOPOLOGIES)).toEqual([
      'name',
      'source',
      'namespace',
      'job_status',
      'last_run',
      'last_failed',
      'tags',
      'created_at',
      'updated_at',
      'created_by',
    ]);
    for (const path of ['teams', 'scrapers']) {
      const columns = visibleColumns(table(path));
      expect(columns).not.toContain('schedule');
      expect(columns).not.toContain('namespace');
      expect(columns).toContain('job_status');
    }
  });

  it('selects only what the visible columns read, with the creator embedded and never the spec', () => {
    expect(listSelect(visibleColumns(table('canaries')))).toBe(
      'id,name,source,schedule,job_status,job_name,job_details,job_errors,job_time_start,job_last_failed,labels,created_at,updated_at,created_by(id,name,email,avatar)',
    );
    const topologies = listSelect(visibleColumns(TOPOLOGIES));
    expect(topologies).toContain('namespace');
    expect(topologies).not.toContain('schedule');
    expect(listSelect(visibleColumns(table('teams')))).not.toMatch(/labels|spec/);
  });
});

describe('edit page rules', () => {
  it('edits rows without a source or from the UI; scrapers also what their editor applied', () => {
    expect(isEditableSource(TOPOLOGIES, null)).toBe(true);
    expect(isEditableSource(TOPOLOGIES, 'UI')).toBe(true);
    expect(isEditableSource(TOPOLOGIES, 'apply')).toBe(false);
    expect(isEditableSource(table('canaries'), 'KubernetesCRD')).toBe(false);
    expect(isEditableSource(table('scrapers'), 'apply')).toBe(true);
    expect(isEditableSource(table('scrapers'), 'ConfigFile')).toBe(false);
  });

  it('opens the tab the URL names when the table has it, else Spec', () => {
    expect(tabOf(table('teams'), 'manageTeam')).toBe('manageTeam');
    expect(tabOf(table('canaries'), 'manageTeam')).toBe('spec');
    expect(tabOf(table('canaries'), 'jobHistory')).toBe('jobHistory');
    expect(tabOf(TOPOLOGIES, undefined)).toBe('spec');
  });
});
