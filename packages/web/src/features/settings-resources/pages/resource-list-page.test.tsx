import { permissionMap } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import type { ResourceListRow } from '../api/resource-list-api';
import { RESOURCE_TABLES } from '../resource-tables';
import { ResourceListPage } from './resource-list-page';

vi.setConfig({ testTimeout: 20_000 });

// A loopback server answering who-am-I and the list's relation the way /api/db does: the rows of the asked page
// with a Content-Range total. It records each list request so the test can check what the page asked for.
let roles: string[] = ['admin'];
let rows: ResourceListRow[] = [];
const asked: { path: string; params: URLSearchParams; prefer: string }[] = [];
let server: Server;

const CANARIES = RESOURCE_TABLES.find((t) => t.path === 'canaries')!;
const SCRAPERS = RESOURCE_TABLES.find((t) => t.path === 'scrapers')!;
const HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/auth/whoami')
      return json(200, { user: { id: 'u1', name: 'Ann', email: 'a@x' }, roles, permissions: permissionMap(roles) });
    if (url.pathname.startsWith('/api/db/')) {
      asked.push({ path: url.pathname, params: url.searchParams, prefer: String(req.headers.prefer ?? '') });
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const page = rows.slice(offset, offset + Number(url.searchParams.get('limit') ?? 100));
      const range = page.length ? `${offset}-${offset + page.length - 1}/${rows.length}` : `*/${rows.length}`;
      return json(200, page, { 'content-range': range });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // jsdom has no layout; give elements a viewport-sized box so the virtualiser renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

afterAll(async () => {
  setApiBaseUrl('');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  cleanup();
  asked.length = 0;
  roles = ['admin'];
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderList(table: (typeof RESOURCE_TABLES)[number], url = `/settings/${table.path}`) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={`/settings/${table.path}`} element={<ResourceListPage table={table} />} />
          <Route path={`/settings/${table.path}/:id`} element={<p>edit page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const canary = (i: number, extra: Partial<ResourceListRow> = {}): ResourceListRow => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `canary-${i}`,
  source: 'UI',
  schedule: '@every 5m',
  labels: {},
  job_status: null,
  job_time_start: null,
  job_last_failed: null,
  created_at: HOUR_AGO,
  updated_at: HOUR_AGO,
  created_by: { id: 'u1', name: 'Ann Admin', email: 'a@x', avatar: null },
  ...extra,
});

describe('a settings resource list', () => {
  it('shows the canaries columns without Namespace, the first tag and +N more, and pages on the server', async () => {
    rows = [
      canary(1, {
        labels: { team: 'sre', tier: 'db', env: 'prod' },
        job_status: 'FAILED',
        job_name: 'canary-run',
        job_time_start: HOUR_AGO,
        job_last_failed: HOUR_AGO,
        job_details: { summary: { passed: 0, failed: 1 } },
        job_errors: ['http/home: connection refused'],
      }),
      canary(2),
    ];
    renderList(CANARIES);
    const table = await screen.findByRole('table', { name: 'Health' });
    await within(table).findByText('canary-1');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Source', 'Schedule', 'Job Status', 'Last Run', 'Last Failed', 'Tags', 'Created', 'Updated', 'Created By']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('team: sre')).toBeTruthy();
    expect(within(first).getByText('+2 more')).toBeTruthy();
    expect(within(first).getByText('FAILED')).toBeTruthy();
    expect(within(first).getAllByText('1h ago')).toHaveLength(4);
    expect(within(first).getByText('Ann Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Health Check' }).getAttribute('href')).toBe('/settings/canaries/new');

    const request = asked.at(-1)!;
    expect(request.path).toBe('/api/db/canaries_with_status');
    expect(Object.fromEntries(request.params)).toEqual({
      select:
        'id,name,source,schedule,job_status,job_name,job_details,job_errors,job_time_start,job_last_failed,labels,created_at,updated_at,created_by(id,name,email,avatar)',
      deleted_at: 'is.null',
      order: 'created_at.desc,id.desc',
      limit: '100',
      offset: '0',
    });
    expect(request.prefer).toContain('count=exact');
  });

  it("opens the latest run's details from '(View details)' without leaving the list", async () => {
    rows = [canary(1, { job_status: 'FAILED', job_name: 'canary-run', job_errors: ['http/home: connection refused'], job_details: {} })];
    renderList(CANARIES);
    fireEvent.click(await screen.findByRole('button', { name: '(View details)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job canary-run' });
    expect(within(dialog).getByText('http/home: connection refused')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/settings/canaries');
  });

  it('opens a row on click and sorts by name on the server', async () => {
    rows = [canary(1), canary(2)];
    renderList(CANARIES);
    fireEvent.click(await screen.findByText('canary-2'));
    expect(screen.getByLabelText('location').textContent).toBe(`/settings/canaries/${rows[1]!.id}`);
    cleanup();
    renderList(CANARIES);
    fireEvent.click(await screen.findByRole('button', { name: /Name/ }));
    await waitFor(() => expect(asked.at(-1)!.params.get('order')).toBe('name.asc,id.asc'));
    expect(screen.getByLabelText('location').textContent).toContain('sortBy=name');
  });

  it('keeps to its own sort when the URL asks for a column the list does not sort by', async () => {
    rows = [canary(1)];
    renderList(CANARIES, '/settings/canaries?sortBy=spec&sortOrder=asc');
    await screen.findByText('canary-1');
    expect(asked.at(-1)!.params.get('order')).toBe('created_at.desc,id.desc');
  });

  it("says 'No resources found' when the table is empty, and offers no Add button without write permission", async () => {
    rows = [];
    roles = ['viewer'];
    renderList(SCRAPERS);
    expect(await screen.findByText('No resources found')).toBeTruthy();
    expect(asked.at(-1)!.path).toBe('/api/db/config_scrapers_with_status');
    expect(screen.queryByRole('link', { name: 'Add Scraper' })).toBeNull();
  });

  it('draws the scrapers icon before each name and their scrape summary behind (View details)', async () => {
    rows = [
      canary(1, { name: 'kube', job_status: 'SUCCESS', job_name: 'scraper', job_details: { scraped: 3, created: 3 }, job_errors: [] }),
    ];
    renderList(SCRAPERS);
    const name = await screen.findByText('kube');
    expect(name.querySelector('svg')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Schedule' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '(View details)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job scraper' });
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toBeTruthy();
  });
});
