import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import type { SortOrder } from './table-state';

interface Item {
  id: string;
  name: string;
  type: string;
}

const ITEMS: Item[] = [
  { id: 'a', name: 'alpha', type: 'Pod' },
  { id: 'b', name: 'beta', type: 'Pod' },
  { id: 'c', name: 'gamma', type: 'Node' },
];

const col = createColumnHelper<Item>();
const columns = [col.accessor('name', { header: 'Name' }), col.accessor('type', { header: 'Type', enableSorting: false })];

function List({ sortable, grouped }: { sortable?: boolean; grouped?: boolean }) {
  const [sort, setSort] = useState<{ by: string; order: SortOrder }>({ by: 'name', order: 'asc' });
  const rows = [...ITEMS].sort((x, y) => x.name.localeCompare(y.name) * (sort.order === 'asc' ? 1 : -1));
  return (
    <DataTable
      mode="virtual"
      label="Items"
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      groupOf={grouped ? (r) => r.type : undefined}
      rowClassName={(r) => (r.id === 'b' ? 'deleted-row' : undefined)}
      sort={sortable ? { ...sort, onSort: (by, order) => setSort({ by, order }) } : undefined}
      footer={<p>footer text</p>}
    />
  );
}

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});
afterEach(cleanup);

const table = () => screen.getByRole('table', { name: 'Items' });

describe('DataTable virtual mode (long lists)', () => {
  it('draws every row with no pager, the caller footer and its row classes', () => {
    render(<List />);
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['alpha', 'beta', 'gamma']);
    expect(rows[1]!.className).toContain('deleted-row');
    expect(screen.getByText('footer text')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    // Without `sort` no header is a button.
    expect(within(table()).queryAllByRole('button')).toHaveLength(0);
  });

  it('draws a heading row wherever the group changes', () => {
    render(<List grouped />);
    const headings = within(table()).getAllByRole('rowheader');
    expect(headings.map((h) => h.textContent)).toEqual(['Pod', 'Node']);
  });

  it('sorts through the sort callback, flipping the order on the sorted column', () => {
    render(<List sortable />);
    const header = within(table()).getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    const first = within(table()).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[0]!.textContent).toBe('gamma');
    // Type has enableSorting: false, so it stays plain text.
    expect(within(within(table()).getByRole('columnheader', { name: 'Type' })).queryByRole('button')).toBeNull();
  });
});
