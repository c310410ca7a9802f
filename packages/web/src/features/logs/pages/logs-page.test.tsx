import type { LogLineWire } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { LogsPage } from './logs-page';

vi.setConfig({ testTimeout: 20_000 });

// A loopback server answering components_with_logs and POST /api/logs as the server does: pages of lines newest
// first, with next_cursor while older lines remain. It records each logs request body.
const API = { id: 'c-api', name: 'api', logs: [{ name: 'app' }, { name: 'audit' }] };
let components: unknown = [API];
let componentsStatus = 200;
let pages: Record<string, { results: LogLineWire[]; next_cursor?: string }> = {};
const bodies: Record<string, unknown>[] = [];
let server: Server;

const line = (i: number, extra: Partial<LogLineWire> = {}): LogLineWire => ({
  id: `l${i}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  message: `line ${i}`,
  labels: {},
  ...extra,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/db/components_with_logs')
      return json(componentsStatus, componentsStatus === 200 ? components : { error: 'boom' });
    if (url.pathname === '/api/logs' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        bodies.push(body);
        const page = pages[String(body.cursor ?? 'first')] ?? { results: [] };
        json(200, { ...page, backend: 'file' });
      });
      return;
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
  vi.useRealTimers();
  bodies.length = 0;
  components = [API];
  componentsStatus = 200;
  pages = {};
  window.localStorage.clear();
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function renderAt(search: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/logs${search}`]}>
        <Routes>
          <Route path="/logs" element={<LogsPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => new URLSearchParams(screen.getByRole('status', { name: 'location' }).textContent ?? '');

describe('the logs viewer', () => {
  it('asks for a component first, and says so when the component list fails', async () => {
    renderAt('');
    expect(await screen.findByText('Please select a component to view the logs')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    cleanup();
    componentsStatus = 500;
    renderAt('');
    // Server errors are retried twice first (about 3 s).
    expect(await screen.findByText('Unable to load components!', undefined, { timeout: 8000 })).toBeTruthy();
  });

  it("shows a component's lines with its title, the first selector picked, colours and only http(s) links", async () => {
    pages.first = {
      results: [
        line(3, {
          severity: 'error',
          message: 'failed calling https://api.example.com/x and javascript:alert(1)',
          labels: { pod: 'api-1' },
        }),
        line(2, { severity: 'warn' }),
        line(1, { severity: 'info' }),
      ],
    };
    renderAt('?topologyId=c-api&start=now-6h');
    const table = await screen.findByRole('table', { name: 'Logs - api' });
    await within(table).findByText(/failed calling/);
    expect(bodies[0]).toEqual({ id: 'c-api', name: 'app', start: 'now-6h', limit: 500 });
    const link = within(table).getByRole('link', { name: 'https://api.example.com/x' });
    expect(link.getAttribute('href')).toBe('https://api.example.com/x');
    expect(within(table).getAllByRole('link')).toHaveLength(1);
    // A message opens whole on click (rows are a fixed height until then) and closes again.
    const row = within(table)
      .getByText(/failed calling/)
      .closest<HTMLElement>('[role="row"]')!;
    expect(row.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(row).getAllByRole('cell')[2]!);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(row).getAllByRole('cell')[2]!);
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(within(table).getByText('pod=api-1')).toBeTruthy();
    expect(within(table).getByText('error').className).toContain('text-red-600');
    expect(within(table).getByText('warn').className).toContain('text-orange-600');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Level', 'Message', 'Labels']);
  });

  it('loads older pages by next_cursor as the end comes into view', async () => {
    pages.first = { results: [line(5), line(4)], next_cursor: 'c1' };
    pages.c1 = { results: [line(3), line(2)], next_cursor: 'c2' };
    pages.c2 = { results: [line(1)] };
    renderAt('?topologyId=c-api');
    const table = await screen.findByRole('table', { name: 'Logs - api' });
    await within(table).findByText('line 1', undefined, { timeout: 5000 });
    expect(bodies.map((b) => b.cursor)).toEqual([undefined, 'c1', 'c2']);
    // A first page small enough to show at once, then older pages of 5,000 (fewer appends over a long scroll).
    expect(bodies.map((b) => b.limit)).toEqual([500, 5000, 5000]);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it('puts the search in the URL after 500 ms of quiet and says when nothing matches', async () => {
    pages.first = { results: [] };
    renderAt('?topologyId=c-api&logsSelector=audit');
    expect(await screen.findByText('No logs matching the search query')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ name: 'audit' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search logs' }), { target: { value: 'timeout' } });
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(location().get('query')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(location().get('query')).toBe('timeout');
    vi.useRealTimers();
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ query: 'timeout', name: 'audit' }));
  });

  it('resizes a column with the keyboard and keeps the width for the next visit', async () => {
    pages.first = { results: [line(1)] };
    renderAt('?topologyId=c-api');
    const handle = await screen.findByRole('separator', { name: 'Resize Time column' });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyUp(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('210');
    expect(JSON.parse(window.localStorage.getItem('logs.columnWidths') ?? '{}')).toMatchObject({ time: 210 });
    cleanup();
    renderAt('?topologyId=c-api');
    expect((await screen.findByRole('separator', { name: 'Resize Time column' })).getAttribute('aria-valuenow')).toBe('210');
  });
});
