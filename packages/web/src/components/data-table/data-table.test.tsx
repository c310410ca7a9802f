import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { DataTable } from './data-table';
import type { toPostgrestParams } from './table-state';
import { useTableUrlState } from './use-table-url-state';

interface Job {
  id: string;
  name: string;
  count: number;
}

const ALL_ROWS: Job[] = Array.from({ length: 23 }, (_, i) => ({ id: `j${i}`, name: `job-${String(i).padStart(2, '0')}`, count: i % 5 }));

/** What a PostgREST server does with limit/offset/order, over an in-memory list (the unit under test is the table). */
function serve(query: ReturnType<typeof toPostgrestParams>): Job[] {
  const [col, dir] = (query.order ?? 'name.asc').split('.') as [keyof Job, string];
  const sorted = [...ALL_ROWS].sort((a, b) => (a[col] < b[col] ? -1 : a[col] > b[col] ? 1 : 0) * (dir === 'desc' ? -1 : 1));
  return sorted.slice(Number(query.offset), Number(query.offset) + Number(query.limit));
}

const col = createColumnHelper<Job>();
const columns = [
  col.accessor('name', { header: 'Name' }),
  col.accessor('count', { header: 'Count', meta: { firstSortOrder: 'desc' } }),
  col.display({ id: 'actions', header: 'Actions', cell: () => <button>Act</button> }),
];

function Page({ mode, rows, onRowClick }: { mode?: 'paged' | 'infinite'; rows?: Job[]; onRowClick?: (j: Job) => void }) {
  const state = useTableUrlState({ names: { pageIndex: 'page' }, defaults: { pageSize: 5, sortBy: 'name', sortOrder: 'asc' } });
  const data = rows ?? serve(state.query);
  const location = useLocation();
  return (
    <>
      <DataTable
        label="Jobs"
        columns={columns}
        data={data}
        total={rows ? rows.length : ALL_ROWS.length}
        state={state}
        mode={mode}
        pageSizes={[5, 10, 25]}
        getRowId={(r) => r.id}
        onRowClick={onRowClick}
      />
      <output aria-label="search">{location.search}</output>
    </>
  );
}

function renderAt(url: string, props: Parameters<typeof Page>[0] = {}) {
  const router = createMemoryRouter([{ path: '/', element: <Page {...props} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

const params = () => new URLSearchParams(screen.getByLabelText('search').textContent ?? '');
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Jobs' }))
    .getAllByRole('row')
    .slice(1);
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

beforeAll(() => {
  // jsdom has no layout; give elements a viewport-sized box so the virtualiser renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});
afterEach(cleanup);

describe('DataTable paging', () => {
  it('shows the first page, the range and the page count', async () => {
    renderAt('/');
    await screen.findByText('job-00');
    expect(firstCells()).toEqual(['job-00', 'job-01', 'job-02', 'job-03', 'job-04']);
    expect(screen.getByText('1–5 of 23')).toBeTruthy();
    expect(screen.getByText(/of 5$/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves between pages through the URL param', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(params().get('page')).toBe('1');
    expect(firstCells()[0]).toBe('job-05');
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(params().get('page')).toBe('4');
    expect(firstCells()).toEqual(['job-20', 'job-21', 'job-22']);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(params().get('page')).toBeNull();
  });

  it('clamps the page-number input to 1..page count', () => {
    renderAt('/');
    const input = screen.getByRole('spinbutton', { name: 'Page number' }) as HTMLInputElement;
    expect(input.min).toBe('1');
    expect(input.max).toBe('5');
    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(params().get('page')).toBe('4');
    expect(input.value).toBe('5');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(params().get('page')).toBeNull();
    expect(input.value).toBe('1');
  });

  it('moves a page past the end (an old link, fewer rows now) to the last page, replacing the URL', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Page /> }], { initialEntries: ['/other', '/?page=98'], initialIndex: 1 });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(params().get('page')).toBe('4'));
    expect((screen.getByRole('spinbutton', { name: 'Page number' }) as HTMLInputElement).value).toBe('5');
    expect(screen.getByText('21–23 of 23')).toBeTruthy();
    // Replaced, not pushed: Back leaves the table rather than returning to the page that does not exist.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/other');
  });

  it('changes the page size and goes back to the first page', async () => {
    const user = userEvent.setup();
    renderAt('/?page=3');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '10' }));
    expect(params().get('pageSize')).toBe('10');
    expect(params().get('page')).toBeNull();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
  });

  it('sorts on header click: new column first order, then flips; default sort stays out of the URL', () => {
    renderAt('/?page=2');
    const header = () => screen.getByRole('columnheader', { name: /Count/ });
    fireEvent.click(within(header()).getByRole('button'));
    expect(params().get('sortBy')).toBe('count');
    expect(params().get('sortOrder')).toBe('desc'); // the column's first order
    expect(params().get('page')).toBeNull();
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header()).getByRole('button'));
    expect(params().get('sortBy')).toBe('count');
    expect(params().get('sortOrder')).toBeNull(); // 'asc' is the table's default order
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(params().toString()).toBe('');
    expect(within(screen.getByRole('columnheader', { name: /Actions/ })).queryByRole('button')).toBeNull();
  });

  it("says 'No data available' when there are no rows", () => {
    renderAt('/', { rows: [] });
    expect(screen.getByText('No data available')).toBeTruthy();
    expect(screen.getByText('0 of 0')).toBeTruthy();
  });

  it('calls onRowClick for a row but not for a button inside it', async () => {
    const clicked: string[] = [];
    renderAt('/', { onRowClick: (j) => clicked.push(j.name) });
    await screen.findByText('job-03');
    fireEvent.click(within(bodyRows()[1]!).getAllByRole('cell')[0]!);
    fireEvent.click(within(bodyRows()[2]!).getByRole('button', { name: 'Act' }));
    fireEvent.keyDown(bodyRows()[3]!, { key: 'Enter' });
    expect(clicked).toEqual(['job-01', 'job-03']);
  });
});

describe('DataTable infinite mode', () => {
  it('doubles the page size when the last row is in view and more rows exist', async () => {
    renderAt('/', { mode: 'infinite' });
    // Rows measure 0 px in jsdom, so every loaded row is in view: the table keeps doubling (5 → 10 → 20 → 40)
    // until all 23 rows are loaded, then stops.
    await waitFor(() => expect(params().get('pageSize')).toBe('40'));
    await screen.findByText('job-22');
    expect(screen.getByText('23 of 23')).toBeTruthy();
    expect(bodyRows().length).toBeGreaterThanOrEqual(11);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
