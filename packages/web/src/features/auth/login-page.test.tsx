import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setApiBaseUrl, setUnauthorizedHandler } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { errorCodeMessage } from './error-page';
import { LoginPage } from './login-page';

// Loopback server with the sign-in endpoint's contract: 200 + user, or 401 {error, message}.
let server: Server;
const redirects: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { email?: string; password?: string };
      const ok = req.url === '/api/auth/login' && body.email === 'admin@ops.local' && body.password === 'right-pass';
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      const msg = 'Invalid email or password';
      res.end(JSON.stringify(ok ? { user: { id: '1', name: 'Admin', email: body.email } } : { error: msg, message: msg }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  setUnauthorizedHandler((rt) => redirects.push(rt));
});

afterAll(async () => {
  setApiBaseUrl('');
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => cleanup());

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
    </QueryClientProvider>,
  );
}

it('requires both fields, shows the server error, then returns to return_to', async () => {
  renderLogin('/login?return_to=%2Fsettings%2Fjobs');
  expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getAllByText('This field is required')).toHaveLength(2);

  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@ops.local' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  expect(redirects).toEqual([]); // a failed sign-in is not a session problem

  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('jobs page')).toBeTruthy();
});

it('signs in from ?username=&password= and ignores a foreign return_to', async () => {
  renderLogin('/login?username=admin%40ops.local&password=right-pass&return_to=https%3A%2F%2Fevil.example.net%2F');
  expect(await screen.findByText('home page')).toBeTruthy();
});

it('maps error codes to the spec texts', () => {
  expect(errorCodeMessage('BAD_SESSION')).toBe(
    'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
  );
  expect(errorCodeMessage('SOMETHING_ELSE')).toBe('Unknown error');
});
