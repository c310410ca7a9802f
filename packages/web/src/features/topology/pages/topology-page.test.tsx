import { permissionMap, type TopologyComponent, type TopologyTreeResponse } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { TOPOLOGY_MESSAGES } from '../lib/messages';
import { TopologyPage } from './topology-page';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback HTTP peer answers the screens' calls in the real API's shapes and records what it was asked
// (tests run in Node, so node:http is fine here).
interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface TopologyPeerState {
  roles: string[];
  properties: { name: string; value: string }[];
  tree: (query: URLSearchParams) => TopologyComponent[];
  relations: Record<string, unknown[]>;
  snapshotStatus: number;
  requests: PeerRequest[];
}

/** A fresh state: an admin, no flags, an empty tree and empty relations. */
function emptyState(): TopologyPeerState {
  return { roles: ['admin'], properties: [], tree: () => [], relations: {}, snapshotStatus: 200, requests: [] };
}

/** Starts the peer on a random port; `state` is read on every request so tests can change it. */
async function startTopologyPeer(state: () => TopologyPeerState): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = state();
      const url = new URL(req.url ?? '/', 'http://x');
      const text = Buffer.concat(chunks).toString();
      s.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/api/auth/whoami')
        return json(200, { user: { id: 'u1', name: 'Test User', email: 't@x' }, roles: s.roles, permissions: permissionMap(s.roles) });
      if (url.pathname === '/api/db/properties') return json(200, s.properties);
      if (url.pathname === '/api/canary/api/topology') {
        const components = s.tree(url.searchParams);
        const body: TopologyTreeResponse = { components, types: [], healthStatuses: [], teams: [], tags: {} };
        return json(200, body);
      }
      if (url.pathname.startsWith('/api/snapshot/topology/')) {
        if (s.snapshotStatus !== 200) return json(s.snapshotStatus, { error: 'snapshot failed' });
        res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="snapshot-web.zip"' });
        return res.end(Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
      }
      const relation = url.pathname.replace(/^\/api\/db\//, '');
      if (req.method === 'POST' || req.method === 'DELETE') {
        res.writeHead(req.method === 'POST' ? 201 : 204);
        return res.end();
      }
      if (relation in s.relations) return json(200, s.relations[relation]);
      return json(200, []);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A component as the topology API returns it, with defaults for what a test does not care about. */
function component(over: Partial<TopologyComponent> & Pick<TopologyComponent, 'id' | 'name'>): TopologyComponent {
  return {
    path: '',
    agent_id: '00000000-0000-0000-0000-000000000000',
    hidden: false,
    status: 'healthy',
    health: 'healthy',
    labels: {},
    properties: [],
    summary: {},
    logs: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

// Every wait goes through the loopback peer; allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

let state: TopologyPeerState = emptyState();
let peer: Awaited<ReturnType<typeof startTopologyPeer>>;

beforeAll(async () => {
  peer = await startTopologyPeer(() => state);
  setApiBaseUrl(peer.url);
});
afterAll(async () => {
  setApiBaseUrl('');
  await peer.close();
});
beforeEach(() => {
  state = emptyState();
  window.localStorage.clear();
});
afterEach(cleanup);

function Where() {
  const loc = useLocation();
  return <output aria-label="location">{`${loc.pathname}${loc.search}`}</output>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Toaster />
        <Where />
        <Routes>
          <Route path="/topology" element={<TopologyPage />} />
          <Route path="/topology/:id" element={<TopologyPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ROOTS = [
  component({ id: 'r-ok', name: 'payments', health: 'healthy', properties: [{ name: 'cost', type: 'currency', value: 2500 }] }),
  component({
    id: 'r-bad',
    name: 'orders',
    health: 'unhealthy',
    external_id: 'orders-ext',
    summary: { checks: { healthy: 1, unhealthy: 2 }, insights: { security: { low: 1, medium: 1 } } },
    components: [component({ id: 'c1', name: 'orders-db', health: 'warning', path: 'r-bad' })],
  }),
];

const cardNames = () => screen.getAllByTestId('topology-card').map((c) => c.getAttribute('aria-label'));

// The first render loads the page's modules cold.
describe('topology dashboard', { timeout: 20_000 }, () => {
  it('shows root cards unhealthy first at the default extra-large width, with formatted properties and summaries', async () => {
    state.tree = () => ROOTS;
    renderAt('/topology');
    await screen.findByRole('article', { name: 'orders' }, { timeout: 5000 });
    expect(cardNames()).toEqual(['orders', 'payments']);
    const orders = screen.getByRole('article', { name: 'orders' });
    expect(orders.style.width).toBe('554px');
    expect(orders.getAttribute('data-health')).toBe('unhealthy');
    expect(within(screen.getByRole('article', { name: 'payments' })).getByText('$2.5k')).toBeTruthy();
    // low is merged into medium: one chip of 2.
    const insight = within(orders).getByRole('link', { name: '2 medium security insights' });
    expect(insight.getAttribute('href')).toBe('/catalog/insights?component=r-bad&type=security&severity=medium');
    expect(within(orders).getByRole('link', { name: '2 unhealthy checks' }).getAttribute('href')).toBe('/health');
    expect(within(orders).getByRole('link', { name: 'orders-db' }).getAttribute('href')).toBe('/topology/c1');
    const q = state.requests.find((r) => r.path === '/api/canary/api/topology')!.query;
    expect(q.get('sortBy')).toBe('status');
    expect(q.get('sortOrder')).toBe('asc');
  });

  it("loads a card's children on their own when the page's answer carries only the cards", async () => {
    const lazy = component({ id: 'r-lazy', name: 'warehouse', health: 'warning', summary: { warning: 1, healthy: 1 } });
    state.tree = (q) =>
      q.get('id') === 'r-lazy'
        ? [{ ...lazy, components: [component({ id: 'k1', name: 'forklift', health: 'warning' }), component({ id: 'k2', name: 'dock' })] }]
        : [lazy];
    renderAt('/topology');
    const card = await screen.findByRole('article', { name: 'warehouse' });
    expect(state.requests.find((r) => r.path === '/api/canary/api/topology')!.query.get('depth')).toBe('0');
    expect((await within(card).findByRole('link', { name: 'forklift' })).getAttribute('href')).toBe('/topology/k1');
    const names = within(within(card).getByRole('list', { name: 'Child components' }))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['forklift', 'dock']);
    const childCall = state.requests.find((r) => r.query.get('id') === 'r-lazy')!;
    expect(childCall.query.get('depth')).toBe('0');
  });

  it("says 'There are no components matching this criteria' when nothing matches, and sends the URL's filters", async () => {
    renderAt('/topology?status=warning&showHiddenComponents=false');
    expect(await screen.findByText(TOPOLOGY_MESSAGES.empty)).toBeTruthy();
    const q = state.requests.find((r) => r.path === '/api/canary/api/topology')!.query;
    expect(q.get('status')).toBe('warning');
    expect(q.get('hidden')).toBe('false');
  });

  it('reports a missing component and a response with several components for one id', async () => {
    renderAt('/topology/nope');
    expect(await screen.findByText(TOPOLOGY_MESSAGES.notFound)).toBeTruthy();
    cleanup();
    state.tree = () => [component({ id: 'x1', name: 'one' }), component({ id: 'x2', name: 'two' })];
    renderAt('/topology/dup');
    expect(await screen.findByText(TOPOLOGY_MESSAGES.multiple)).toBeTruthy();
  });

  it('stores the sort locally and in the URL', async () => {
    state.tree = () => ROOTS;
    renderAt('/topology');
    await screen.findByRole('article', { name: 'orders' });
    await userEvent.click(screen.getByRole('button', { name: 'Ascending' }));
    await waitFor(() => expect(cardNames()).toEqual(['payments', 'orders']));
    expect(window.localStorage.getItem('topology.sort')).toBe('status:desc');
    expect(screen.getByLabelText('location').textContent).toContain('sortOrder=desc');
  });

  it('offers View Logs only for a component with an external id while logs are enabled, and zooms in', async () => {
    state.tree = () => ROOTS;
    renderAt('/topology');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for payments' }));
    expect(screen.queryByRole('menuitem', { name: 'View Logs' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /Incident/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View Logs' }));
    expect(screen.getByLabelText('location').textContent).toBe('/logs?topologyId=r-bad');
  });

  it('hides View Logs when the logs feature is disabled', async () => {
    state.tree = () => ROOTS;
    state.properties = [{ name: 'logs.disable', value: 'true' }];
    renderAt('/topology');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for orders' }));
    expect(await screen.findByRole('menuitem', { name: 'Zoom In' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'View Logs' })).toBeNull();
  });

  it('links a component to a catalogue item: search, choose, Link, success toast', async () => {
    state.tree = () => ROOTS;
    state.relations.config_items = [{ id: 'cfg-1', name: 'orders-rds', type: 'AWS::RDS::DBInstance' }];
    renderAt('/topology');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Link to Catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to Catalog' });
    const link = within(dialog).getByRole('button', { name: 'Link' }) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search catalog' }), 'orders');
    await waitFor(
      () =>
        expect(state.requests.filter((r) => r.path === '/api/db/config_items').map((r) => r.query.get('or'))).toContain(
          '(name.ilike.*orders*,type.ilike.*orders*)',
        ),
      { timeout: 3000 },
    );
    const search = state.requests.filter((r) => r.path === '/api/db/config_items').at(-1)!;
    expect(search.query.get('limit')).toBe('50');
    await userEvent.click(await within(dialog).findByRole('option', { name: /orders-rds/ }));
    expect(link.disabled).toBe(false);
    await userEvent.click(link);
    expect(await screen.findByText(TOPOLOGY_MESSAGES.linkSuccess)).toBeTruthy();
    const post = state.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/db/config_component_relationships');
    expect(post.body).toEqual({ component_id: 'r-bad', config_id: 'cfg-1', selector_id: 'manual' });
  });

  it('downloads a snapshot over the first time range without related components, and reports a failure', async () => {
    state.tree = () => ROOTS;
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/topology');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download snapshot' });
    expect(within(dialog).getByRole('checkbox', { name: 'Include related' }).getAttribute('aria-checked')).toBe('false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const req = state.requests.find((r) => r.path === '/api/snapshot/topology/r-bad')!;
    expect(req.query.get('start')).toBe('1h');
    expect(req.query.get('related')).toBe('false');
    expect(created[0]!.size).toBe(22);
    expect(click).toHaveBeenCalled();

    state.snapshotStatus = 500;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download snapshot' })).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Snapshot' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Download snapshot' })).getByRole('button', { name: 'Download' }),
    );
    expect((await screen.findAllByText(TOPOLOGY_MESSAGES.snapshotFailed)).length).toBeGreaterThan(0);
    click.mockRestore();
  });
});

describe('zoomed-in component', { timeout: 20_000 }, () => {
  const zoomed = component({
    id: 'c1',
    name: 'orders-db',
    health: 'warning',
    path: 'root1.r-bad',
    properties: Array.from({ length: 8 }, (_, i) => ({ name: `p${i}`, text: `v${i}` })),
    components: [component({ id: 'c2', name: 'replica', health: 'healthy', path: 'root1.r-bad.c1' })],
  });

  it('shows breadcrumbs from the ancestor path, the children as cards, and the sidebar panels', async () => {
    state.tree = () => [zoomed];
    state.relations.component_names = [
      { id: 'root1', name: 'Shop' },
      { id: 'r-bad', name: 'orders' },
    ];
    state.relations.checks_by_component = [{ check_id: 'k1', name: 'db-ping', type: 'tcp', status: 'unhealthy', icon: null }];
    state.relations.team_components = [{ team_id: 't1', team: { id: 't1', name: 'Payments Team', icon: null } }];
    state.relations.config_component_relationships = [
      {
        config_id: 'cfg-1',
        selector_id: 'manual',
        config: { id: 'cfg-1', name: 'orders-rds', type: 'RDS', health: 'healthy', status: null },
      },
      { config_id: 'cfg-2', selector_id: 'sel-1', config: { id: 'cfg-2', name: 'orders-sg', type: 'SG', health: null, status: null } },
    ];
    renderAt('/topology/c1');
    expect(await screen.findByRole('article', { name: 'replica' }, { timeout: 5000 })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await within(crumbs).findByRole('link', { name: 'Shop' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/topology');
    expect(within(crumbs).getByRole('link', { name: 'orders' }).getAttribute('href')).toBe('/topology/r-bad?refererId=c1');
    const sidebar = screen.getByRole('complementary', { name: 'Component details' });
    for (const panel of ['Details', 'Catalog', 'Changes', 'Checks', 'Teams', 'Insights']) {
      expect(within(sidebar).getByRole('region', { name: panel })).toBeTruthy();
    }
    expect(within(sidebar).queryByRole('region', { name: 'Incidents' })).toBeNull();
    expect(within(sidebar).queryByRole('region', { name: 'Playbooks' })).toBeNull();
    const details = within(sidebar).getByRole('region', { name: 'Details' });
    expect(within(details).getByText('v5')).toBeTruthy();
    expect(within(details).queryByText('v7')).toBeNull();
    await userEvent.click(within(details).getByRole('button', { name: /show more/ }));
    expect(within(details).getByText('v7')).toBeTruthy();
    expect(await within(sidebar).findByRole('link', { name: /db-ping/ })).toBeTruthy();
    expect(await within(sidebar).findByRole('img', { name: 'Payments Team' })).toBeTruthy();

    // Only the manual link can be removed.
    const catalog = within(sidebar).getByRole('region', { name: 'Catalog' });
    await within(catalog).findByRole('link', { name: 'orders-sg' });
    expect(within(catalog).queryByRole('button', { name: 'Remove link to orders-sg' })).toBeNull();
    await userEvent.click(within(catalog).getByRole('button', { name: 'Remove link to orders-rds' }));
    expect(await screen.findByText(TOPOLOGY_MESSAGES.unlinkSuccess)).toBeTruthy();
    const del = state.requests.find((r) => r.method === 'DELETE')!;
    expect(Object.fromEntries(del.query)).toEqual({ component_id: 'eq.c1', config_id: 'eq.cfg-1', selector_id: 'eq.manual' });
  });

  it('hides the remove button from users without write', async () => {
    state.roles = ['viewer'];
    state.tree = () => [zoomed];
    state.relations.config_component_relationships = [
      {
        config_id: 'cfg-1',
        selector_id: 'manual',
        config: { id: 'cfg-1', name: 'orders-rds', type: 'RDS', health: 'healthy', status: null },
      },
    ];
    renderAt('/topology/c1');
    const sidebar = await screen.findByRole('complementary', { name: 'Component details' }, { timeout: 5000 });
    await within(sidebar).findByRole('link', { name: 'orders-rds' }, { timeout: 5000 });
    expect(within(sidebar).queryByRole('button', { name: /Remove link/ })).toBeNull();
  });
});
