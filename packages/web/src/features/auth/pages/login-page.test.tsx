import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { passwordLoginFlow, text } from '../test/flow-fixtures';
import { LoginPage } from './login-page';

// A loopback server speaking the login-flow contract of packages/shared/src/identity (flows built by the
// shared schema): create, fetch by id, submit → 200 session, 400 flow with messages, or 410 with a new flow id.
// Each test renders the page and waits for real HTTP round trips; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

let server: Server;
let counter = 0;
const expired = new Set<string>();
const submitted: Record<string, unknown>[] = [];
const newId = () => `5f0c3c1e-1111-4b5b-9c2a-${String(++counter).padStart(12, '0')}`;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body: unknown) => (
        res.writeHead(status, { 'content-type': 'application/json' }),
        res.end(JSON.stringify(body))
      );
      if (url.pathname === '/api/auth/config') return send(200, { provider: 'self-hosted', registration: true, oidc: [], mail: true });
      if (url.pathname === '/api/auth/self-service/login/browser') {
        return send(200, passwordLoginFlow(newId(), { requested_aal: url.searchParams.get('aal') === 'aal2' ? 'aal2' : 'aal1' }));
      }
      if (url.pathname === '/api/auth/self-service/login/flows') return send(200, passwordLoginFlow(url.searchParams.get('id')!));
      const id = url.searchParams.get('flow')!;
      const body = JSON.parse(raw) as Record<string, unknown>;
      submitted.push(body);
      if (expired.has(id)) {
        return send(410, {
          error: { id: 'self_service_flow_expired', code: 410, status: 'Gone', message: 'expired' },
          use_flow_id: newId(),
        });
      }
      if (body.password === 'right-pass' && body.csrf_token === 'csrf-1') return send(200, { session: { id: 's1' } });
      const flow = passwordLoginFlow(id);
      return send(400, { ...flow, ui: { ...flow.ui, messages: [text('invalidCredentials', 'error')] } });
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

afterEach(() => cleanup());

/** The Sign in button once the flow has arrived (before that the form is drawn with the button disabled). */
function signInWhenReady(): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    return button;
  });
}

function renderLogin(url: string): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/settings/jobs" element={<p>jobs page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

it('renders the flow, requires both fields, re-renders the 400 flow, then returns to return_to', async () => {
  renderLogin('/login?return_to=%2Fsettings%2Fjobs');
  expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeTruthy();
  fireEvent.click(await signInWhenReady());
  expect(screen.getAllByText('This field is required')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe('/recovery');

  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@ops.local' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText(text('invalidCredentials').text)).toBeTruthy();
  expect(submitted.at(-1)).toEqual({ csrf_token: 'csrf-1', identifier: 'admin@ops.local', password: 'wrong', method: 'password' });

  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@ops.local' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('jobs page')).toBeTruthy();
});

it('toasts an expired flow and continues on the new flow the server names', async () => {
  renderLogin('/login');
  await signInWhenReady();
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@ops.local' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
  const first = `5f0c3c1e-1111-4b5b-9c2a-${String(counter).padStart(12, '0')}`;
  expired.add(first);
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Your interaction expired, please fill out the form again.')).toBeTruthy();
  // The form is the new flow's: empty again, and it signs in.
  await signInWhenReady();
  expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@ops.local' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('home page')).toBeTruthy();
});

it('signs in from ?username=&password= and ignores a foreign return_to', async () => {
  renderLogin('/login?username=admin%40ops.local&password=right-pass&return_to=https%3A%2F%2Fevil.example.net%2F');
  expect(await screen.findByText('home page')).toBeTruthy();
  expect(submitted.at(-1)).toMatchObject({ identifier: 'admin@ops.local', password: 'right-pass', method: 'password' });
});

it("titles a second-factor flow 'Two-Factor Authentication' and offers Sign out", async () => {
  renderLogin('/login?aal=aal2');
  expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeTruthy();
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
});
