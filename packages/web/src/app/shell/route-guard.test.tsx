import { permissionMap } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setApiBaseUrl } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { RouteGuard } from './route-guard';

// Loopback server answering who-am-I and the properties list the way the real API shapes them.
let roles: string[] = [];
let properties: { name: string; value: string }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body =
      path === '/api/auth/whoami'
        ? { user: { id: 'u1', name: 'Test User', email: 't@x' }, roles, permissions: permissionMap(roles) }
        : path === '/api/db/properties'
          ? properties
          : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  setApiBaseUrl('');
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  cleanup();
  properties = [];
});

function renderGuarded(): void {
  const route = { path: '/settings/feature-flags', resource: 'properties', feature: 'settings.feature_flags' } as const;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/settings/feature-flags']}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route
            path="/settings/feature-flags"
            element={
              <RouteGuard route={route}>
                <p>flags page</p>
              </RouteGuard>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('shows the Unauthorized screen to a viewer on a settings page', async () => {
  roles = ['viewer'];
  renderGuarded();
  expect(await screen.findByText('Unauthorized')).toBeTruthy();
  expect(screen.getByText('You do not have permission to access this page')).toBeTruthy();
  expect(screen.queryByText('flags page')).toBeNull();
});

it('renders the page for an admin', async () => {
  roles = ['admin'];
  renderGuarded();
  expect(await screen.findByText('flags page')).toBeTruthy();
});

it("sends a disabled area back to '/'", async () => {
  roles = ['admin'];
  properties = [{ name: 'settings.feature_flags.disable', value: 'true' }];
  renderGuarded();
  expect(await screen.findByText('home page')).toBeTruthy();
});
