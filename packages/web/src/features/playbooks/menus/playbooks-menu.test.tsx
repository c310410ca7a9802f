import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createServer } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { emptyPeerState, asPeerState, param, type PlaybookPeerState } from '../run-dialog/playbook-test-peer';
import { servePeer } from '../test-support/peer';
import { PlaybooksMenu } from './playbooks-menu';

configure({ asyncUtilTimeout: 5000 });

let state: PlaybookPeerState = emptyPeerState();
servePeer(createServer, () => asPeerState(state));
beforeEach(() => {
  state = emptyPeerState();
});

function renderMenu() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PlaybooksMenu resource={{ check_id: 'chk-1', name: 'api-health' }} />
        <p>host</p>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (id: string, title: string, suggested?: boolean) => ({ id, name: id, title, category: 'Other', parameters: [], suggested });

describe('Playbooks menu', { timeout: 20_000 }, () => {
  it("lists the check's playbooks with the suggested ones first under 'Suggested'; one opens the run dialog on the check", async () => {
    state.runnable = [item('pb-a', 'Alpha'), item('pb-r', 'Restart', true), item('pb-b', 'Beta')];
    state.params['pb-r'] = [param({ name: 'reason', label: 'Reason', default: 'api-health failing' })];
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Playbooks' }));
    expect(await screen.findByText('Suggested')).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Restart', 'Alpha', 'Beta']);
    expect(state.requests.find((r) => r.path === '/api/playbook/list')!.query.get('check_id')).toBe('chk-1');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restart' }));
    expect(await screen.findByRole('dialog', { name: 'Restart' })).toBeTruthy();
    expect(((await screen.findByLabelText('Reason')) as HTMLInputElement).value).toBe('api-health failing');
    expect(state.requests.find((r) => r.path === '/api/playbook/pb-r/params')!.body).toEqual({ check_id: 'chk-1' });
  });

  it('has no Suggested heading when nothing is suggested', async () => {
    state.runnable = [item('pb-a', 'Alpha')];
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Playbooks' }));
    expect(await screen.findByRole('menuitem', { name: 'Alpha' })).toBeTruthy();
    expect(screen.queryByText('Suggested')).toBeNull();
  });

  it('is hidden from users who may not write playbook runs, and when no playbook applies', async () => {
    state.roles = ['viewer'];
    state.runnable = [item('pb-a', 'Alpha')];
    renderMenu();
    await waitFor(() => expect(state.requests.some((r) => r.path === '/api/auth/whoami')).toBe(true));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Playbooks' })).toBeNull();
    expect(state.requests.some((r) => r.path === '/api/playbook/list')).toBe(false);
    cleanup();
    state.roles = ['admin'];
    state.runnable = [];
    renderMenu();
    await waitFor(() => expect(state.requests.some((r) => r.path === '/api/playbook/list')).toBe(true));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Playbooks' })).toBeNull();
  });
});
