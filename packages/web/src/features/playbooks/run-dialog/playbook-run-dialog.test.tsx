import { PLAYBOOK_MESSAGES } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createServer } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { PlaybookRunDialog } from './playbook-run-dialog';
import { emptyPeerState, asPeerState, param, type PlaybookPeerState } from './playbook-test-peer';
import { servePeer } from '../test-support/peer';
import type { RunDialogPlaybook, RunDialogResource } from './run-target';

configure({ asyncUtilTimeout: 5000 });

let state: PlaybookPeerState = emptyPeerState();
servePeer(createServer, () => asPeerState(state));
beforeEach(() => {
  state = emptyPeerState();
});

function Where() {
  const loc = useLocation();
  return <output aria-label="location">{loc.pathname}</output>;
}

/** The dialog opened by a button, as a host page opens it. */
function Host({ playbook, resource }: { playbook?: RunDialogPlaybook; resource?: RunDialogResource }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <PlaybookRunDialog playbook={playbook} resource={resource} open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog(props: { playbook?: RunDialogPlaybook; resource?: RunDialogResource }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/health']}>
        <Toaster />
        <Where />
        <Routes>
          <Route path="/health" element={<Host {...props} />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ECHO: RunDialogPlaybook = { id: 'pb-1', name: 'echo', title: 'Echo', spec: { checks: [{ types: ['http'] }] } };
const CHECK: RunDialogResource = { check_id: 'chk-1', name: 'api-health', type: 'http' };
const runButton = () => screen.getByRole('button', { name: /^(Run|Running\.\.\.)$/ }) as HTMLButtonElement;

describe('playbook run dialog', { timeout: 20_000 }, () => {
  it('runs on the given check with the rendered defaults and edited values, then opens the run page', async () => {
    state.params['pb-1'] = [
      param({ name: 'message', label: 'Message', default: 'api-health is down' }),
      param({ name: 'count', label: 'Count', default: '2' }),
    ];
    renderDialog({ playbook: ECHO, resource: CHECK });
    const dialog = await screen.findByRole('dialog', { name: 'Echo' });
    expect(within(dialog).getByRole('region', { name: 'Resource' }).textContent).toContain('api-health');
    const message = await within(dialog).findByLabelText('Message');
    expect((message as HTMLInputElement).value).toBe('api-health is down');
    expect(state.requests.find((r) => r.path === '/api/playbook/pb-1/params')!.body).toEqual({ check_id: 'chk-1' });
    await userEvent.clear(within(dialog).getByLabelText('Count'));
    await userEvent.type(within(dialog).getByLabelText('Count'), '5');
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await userEvent.click(runButton());
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/playbooks/runs/r-1'));
    const run = state.requests.find((r) => r.path === '/api/playbook/run')!;
    expect(run.method).toBe('POST');
    expect(run.body).toEqual({ id: 'pb-1', check_id: 'chk-1', params: { message: 'api-health is down', count: '5' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Run disabled while a value breaks its rule, with the message under the field', async () => {
    state.params['pb-1'] = [param({ name: 'name', label: 'Release', default: 'ok', properties: { format: 'dns1123' } })];
    renderDialog({ playbook: ECHO, resource: CHECK });
    const input = await screen.findByLabelText('Release');
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await userEvent.clear(input);
    await userEvent.type(input, 'Not_Valid');
    expect(await screen.findByText(/Release must be lowercase letters/)).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    await userEvent.click(runButton());
    expect(state.requests.some((r) => r.path === '/api/playbook/run')).toBe(false);
  });

  it("says 'No parameters for this playbook.' and still runs", async () => {
    state.params['pb-1'] = [];
    renderDialog({ playbook: ECHO, resource: CHECK });
    expect(await screen.findByText(PLAYBOOK_MESSAGES.noParameters)).toBeTruthy();
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await userEvent.click(runButton());
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/playbooks/runs/r-1'));
    expect(state.requests.find((r) => r.path === '/api/playbook/run')!.body).toEqual({ id: 'pb-1', check_id: 'chk-1', params: {} });
  });

  it('asks for a resource first when the playbook targets resources, searching with its selectors', async () => {
    state.params['pb-1'] = [param({ name: 'message', label: 'Message', default: 'hi' })];
    state.search = { configs: [], components: [], checks: [{ id: 'chk-9', name: 'db-ping', type: 'http' }] };
    renderDialog({ playbook: ECHO });
    expect(await screen.findByText(PLAYBOOK_MESSAGES.selectResource)).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    await waitFor(() =>
      expect(state.requests.find((r) => r.path === '/api/resources/search')!.body).toEqual({ checks: [{ types: ['http'] }], limit: 100 }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search resources' }), 'db');
    await waitFor(() =>
      expect(state.requests.map((r) => r.body)).toContainEqual({ checks: [{ types: ['http'], search: 'db' }], limit: 100 }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Resource' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Check: db-ping (http)' }));
    expect(await screen.findByLabelText('Message')).toBeTruthy();
    expect(screen.queryByText(PLAYBOOK_MESSAGES.selectResource)).toBeNull();
    expect(state.requests.find((r) => r.path === '/api/playbook/pb-1/params')!.body).toEqual({ check_id: 'chk-9' });
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await userEvent.click(runButton());
    await waitFor(() =>
      expect(state.requests.find((r) => r.path === '/api/playbook/run')?.body).toEqual({
        id: 'pb-1',
        check_id: 'chk-9',
        params: { message: 'hi' },
      }),
    );
  });

  it("shows 'Running...' while the run starts, and a failure toasts the server's error and keeps the dialog", async () => {
    state.params['pb-1'] = [];
    state.run = { status: 400, body: { error: 'Message must be at least 3 characters', message: 'bad request' } };
    state.runDelayMs = 400;
    renderDialog({ playbook: ECHO, resource: CHECK });
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await userEvent.click(runButton());
    expect(await screen.findByRole('button', { name: PLAYBOOK_MESSAGES.running })).toBeTruthy();
    expect(await screen.findByText('Message must be at least 3 characters')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Echo' })).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/health');
    expect(runButton().textContent).toBe('Run');
  });

  it('falls back to the message when the failure has no error field; Run is disabled without a playbook', async () => {
    state.params['pb-1'] = [];
    state.run = { status: 500, body: { message: 'database is down' } };
    renderDialog({ playbook: ECHO, resource: CHECK });
    await waitFor(() => expect(runButton().disabled).toBe(false));
    await userEvent.click(runButton());
    expect(await screen.findByText('database is down')).toBeTruthy();
    cleanup();
    renderDialog({ resource: CHECK });
    expect(await screen.findByRole('dialog', { name: 'Run Playbook' })).toBeTruthy();
    expect(runButton().disabled).toBe(true);
  });
});
