import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobHistoryRow } from '../../lib/job-history-row';
import { jobHistoryTabColumns } from './job-history-columns';
import { JobHistoryTable } from './job-history-table';

const RUNS: JobHistoryRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `r${i}`,
  name: 'CanaryRun',
  resource_type: 'canary',
  resource_id: 'c1',
  resource_name: 'web',
  status: i === 0 ? 'FAILED' : 'SUCCESS',
  success_count: i === 0 ? 0 : 1,
  error_count: i === 0 ? 1 : 0,
  details: null,
  errors: i === 0 ? ['connection refused'] : [],
  hostname: null,
  agent_id: null,
  agent_name: null,
  duration_millis: 1500,
  time_start: '2026-01-01T00:00:00.000Z',
  time_end: null,
  created_at: '2026-01-01T00:00:00.000Z',
}));

const asked: { limit: string; offset: string }[] = [];

function Tab({ name, onRowClick }: { name?: boolean; onRowClick?: (job: JobHistoryRow) => void }) {
  const location = useLocation();
  return (
    <>
      <JobHistoryTable
        queryKey={['runs']}
        columns={name === false ? jobHistoryTabColumns({ name: false }) : undefined}
        fetchPage={async (page) => {
          asked.push({ limit: page.limit, offset: page.offset });
          return { data: RUNS.slice(Number(page.offset), Number(page.offset) + Number(page.limit)), total: RUNS.length };
        }}
        onRowClick={onRowClick}
      />
      <output aria-label="search">{location.search}</output>
    </>
  );
}

function renderTab(props: Parameters<typeof Tab>[0] = {}, url = '/?jobPageSize=10') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <Tab {...props} /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});
afterEach(() => {
  cleanup();
  asked.length = 0;
});

const table = () => screen.getByRole('table', { name: 'Job history' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('JobHistoryTable', () => {
  it('lists a page of runs with the tab columns, status badges and error texts', async () => {
    renderTab();
    expect(await screen.findByText('connection refused')).toBeTruthy();
    expect(headers()).toEqual(['Job Name', 'Status', 'Time Start', 'Duration', 'Success', 'Errors', 'Details']);
    expect(within(table()).getByText('FAILED').className).toContain('text-destructive');
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
    expect(asked[0]).toEqual({ limit: '10', offset: '0' });
  });

  it('pages on the server through its own job* URL params', async () => {
    renderTab();
    await screen.findByText('connection refused');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(new URLSearchParams(screen.getByLabelText('search').textContent ?? '').get('jobPageIndex')).toBe('1');
    expect(await screen.findByText('11–12 of 12')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ limit: '10', offset: '10' });
  });

  it('leaves out Job Name when asked and hands a clicked row to the caller', async () => {
    const clicked: string[] = [];
    renderTab({ name: false, onRowClick: (job) => clicked.push(job.id) });
    fireEvent.click(await screen.findByText('connection refused'));
    expect(headers()[0]).toBe('Status');
    expect(clicked).toEqual(['r0']);
  });
});
