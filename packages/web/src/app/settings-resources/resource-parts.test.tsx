import { permissionMap, TEAM_MESSAGES } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResourceEditPage } from '../../features/settings-resources/pages/resource-edit-page';
import type { ResourceParts, ResourceTable } from '../../features/settings-resources/resource-table';
import { RESOURCE_TABLES } from '../../features/settings-resources/resource-tables';
import { setApiBaseUrl } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { RESOURCE_PARTS } from './resource-parts';

vi.setConfig({ testTimeout: 30_000 });

// The generic edit page with the real parts of teams and canaries, against a loopback server that keeps rows the
// way /api/db does for these calls (GET by id with deleted_at=is.null, POST returning the row, PATCH, soft DELETE).
interface Row {
  id: string;
  name: string;
  source: string | null;
  deleted_at: string | null;
  [key: string]: unknown;
}
let roles: string[] = ['admin'];
const tables: Record<string, Row[]> = { teams: [], canaries: [] };
const writes: { method: string; path: string; body: unknown }[] = [];
let server: Server;
let nextId = 1;
const newId = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (url.pathname === '/api/auth/whoami')
        return json(200, { user: { id: 'u1', name: 'Ann', email: 'a@x' }, roles, permissions: permissionMap(roles) });
      const relation = url.pathname.replace('/api/db/', '');
      if (relation === 'team_members' || relation === 'job_histories' || relation === 'people') return json(200, []);
      const rows = tables[relation];
      if (!rows) return json(404, { message: `unknown ${relation}` });
      const id = url.searchParams.get('id')?.replace('eq.', '');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      if (req.method !== 'GET') writes.push({ method: req.method!, path: `${relation}${url.search}`, body });
      if (req.method === 'GET')
        return json(
          200,
          rows.filter((r) => r.id === id && !r.deleted_at),
        );
      if (req.method === 'POST') {
        const row: Row = { id: newId(), source: 'UI', deleted_at: null, spec: {}, ...body, name: String(body?.name) };
        rows.push(row);
        return json(201, [row]);
      }
      const row = rows.find((r) => r.id === id);
      if (row && req.method === 'PATCH') Object.assign(row, body);
      if (row && req.method === 'DELETE') row.deleted_at = new Date().toISOString();
      return json(204, undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  setApiBaseUrl('');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  cleanup();
  roles = ['admin'];
  writes.length = 0;
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

async function renderEdit(path: 'teams' | 'canaries', id: string) {
  const table: ResourceTable = RESOURCE_TABLES.find((t) => t.path === path)!;
  const parts: ResourceParts = await RESOURCE_PARTS[path]();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/settings/${path}/${id}`]}>
        <Routes>
          <Route path={`/settings/${path}/:id`} element={<ResourceEditPage table={table} parts={parts} />} />
          <Route path={`/settings/${path}`} element={<p>list page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const team = (extra: Partial<Row> = {}): Row => {
  const row: Row = { id: newId(), name: `team-${nextId}`, icon: null, spec: {}, source: 'UI', deleted_at: null, ...extra };
  tables.teams!.push(row);
  return row;
};
const location = () => screen.getByLabelText('location').textContent;

describe('the generic edit page', () => {
  it("opens a team on Spec with 'Update', and the Members and Job History tabs in the URL", async () => {
    const row = team();
    await renderEdit('teams', row.id);
    expect(await screen.findByRole('heading', { name: row.name })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Team tabs' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Spec', 'Members', 'Job History']);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeTruthy();
    fireEvent.mouseDown(within(tabs).getByRole('tab', { name: 'Members' }));
    expect(await screen.findByText(TEAM_MESSAGES.noMembers)).toBeTruthy();
    expect(location()).toBe(`/settings/teams/${row.id}?tab=manageTeam`);
  });

  it("saves a new team with 'Save', then opens it on its Members tab", async () => {
    await renderEdit('teams', 'new');
    expect(await screen.findByRole('heading', { name: 'New Team' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'platform' } });
    fireEvent.click(save);
    expect(await screen.findByText('platform created successfully')).toBeTruthy();
    const created = tables.teams!.find((t) => t.name === 'platform')!;
    await waitFor(() => expect(location()).toBe(`/settings/teams/${created.id}?tab=manageTeam`));
    expect(writes[0]).toMatchObject({ method: 'POST', path: 'teams', body: { name: 'platform', icon: null, spec: {} } });
  });

  it('deletes after the confirmation, says so and goes back to the list', async () => {
    const row = team();
    await renderEdit('teams', row.id);
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete team' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`${row.name} deleted successfully`)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/settings/teams'));
    expect(writes).toEqual([{ method: 'DELETE', path: `teams?id=eq.${row.id}`, body: undefined }]);
  });

  it('shows the source banner and no Delete for a team from elsewhere, and nothing to save without write permission', async () => {
    const applied = team({ source: 'apply' });
    await renderEdit('teams', applied.id);
    expect((await screen.findByRole('note')).textContent).toContain('This team comes from apply');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    cleanup();
    roles = ['viewer'];
    const plain = team();
    await renderEdit('teams', plain.id);
    await screen.findByRole('heading', { name: plain.name });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update' })).toBeNull());
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it("says 'No resources found' for an id that does not exist or was deleted", async () => {
    await renderEdit('teams', newId());
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });

  it('edits a canary in the Health Check editor with Spec and Job History only; one from apply is read-only', async () => {
    const row: Row = {
      id: newId(),
      name: 'web',
      namespace: 'default',
      labels: {},
      spec: { schedule: '@every 5m', http: [] },
      source: 'UI',
      deleted_at: null,
    };
    const applied: Row = { ...row, id: newId(), name: 'applied', source: 'apply' };
    tables.canaries!.push(row, applied);
    await renderEdit('canaries', row.id);
    const tabs = await screen.findByRole('tablist', { name: 'Health Check tabs' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Spec', 'Job History']);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    cleanup();
    await renderEdit('canaries', applied.id);
    expect((await screen.findByRole('note')).textContent).toContain('This health check comes from apply');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
