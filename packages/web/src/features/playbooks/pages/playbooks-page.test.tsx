import { PLAYBOOK_MESSAGES } from '@ops/shared';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { PlaybookRow } from '../api/playbooks-api';
import { PlaybooksPage } from './playbooks-page';
import { emptyPeerState, renderRoutes, servePeer, stubLayout, type PeerState } from '../test-support/peer';

configure({ asyncUtilTimeout: 5000 });

let state: PeerState = emptyPeerState();
servePeer(createServer, () => state, stubLayout);
beforeEach(() => {
  state = emptyPeerState();
});

const playbook = (over: Partial<PlaybookRow> & Pick<PlaybookRow, 'id' | 'title'>): PlaybookRow => ({
  name: over.title.toLowerCase().replace(/\W+/g, '-'),
  namespace: 'default',
  icon: null,
  description: null,
  category: 'Other',
  spec: { actions: [{ name: 'echo', exec: { script: 'echo hi' } }] },
  source: 'UI',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

const ROWS = [
  playbook({ id: 'p1', title: 'Restart Pod', category: 'Kubernetes', description: 'Restarts a pod' }),
  playbook({ id: 'p2', title: 'Echo' }),
  playbook({ id: 'p3', title: 'Scale', category: 'Kubernetes' }),
];

/** Serves the list and records writes; `writeStatus` answers POST/PATCH /playbooks. */
function serve(rows: PlaybookRow[], writeStatus = 201, writeError = '') {
  state.handle = (req) => {
    if (req.path !== '/api/db/playbooks') return undefined;
    if (req.method === 'GET') return { status: 200, body: rows };
    if (writeStatus >= 400) return { status: writeStatus, body: { message: writeError } };
    return { status: req.method === 'POST' ? 201 : 200, body: [rows[0]] };
  };
}

const renderPage = () => renderRoutes('/playbooks', [{ path: '/playbooks', element: <PlaybooksPage /> }]);
const writes = (method: string) => state.requests.filter((r) => r.method === method && r.path === '/api/db/playbooks');

describe('/playbooks', { timeout: 30_000 }, () => {
  it('shows cards grouped by category with Other last, each with History and Run', async () => {
    serve(ROWS);
    renderPage();
    const kube = await screen.findByRole('region', { name: 'Kubernetes' });
    const other = screen.getByRole('region', { name: 'Other' });
    expect(
      within(kube)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Restart Pod', 'Scale']);
    expect(within(other).getAllByRole('article')).toHaveLength(1);
    const card = screen.getByRole('article', { name: 'Restart Pod' });
    expect(within(card).getByText('Restarts a pod')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/playbooks/runs?playbook=p1');
    expect(within(card).getByRole('button', { name: 'Run' })).toBeTruthy();
    const list = state.requests.find((r) => r.path === '/api/db/playbooks')!;
    expect(list.query.get('deleted_at')).toBe('is.null');
    // The regions come in order: Kubernetes before Other.
    const names = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(names.filter((n) => n === 'Kubernetes' || n === 'Other')).toEqual(['Kubernetes', 'Other']);
  });

  it('shows an empty state, and hides Create, Run and the menu from viewers', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No playbooks yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Create Playbook/ }).length).toBeGreaterThan(0);
    cleanup();
    state.roles = ['viewer'];
    serve(ROWS);
    renderPage();
    const card = await screen.findByRole('article', { name: 'Echo' });
    await waitFor(() => expect(state.requests.some((r) => r.path === '/api/auth/whoami')).toBe(true));
    expect(within(card).queryByRole('button', { name: 'Run' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Actions for Echo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create Playbook/ })).toBeNull();
  });

  it('creates a playbook from the dialog: name from the title, the spec, and the success toast', async () => {
    serve(ROWS);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Create Playbook/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Playbook Spec' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Title/), 'Disk Cleanup');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText(PLAYBOOK_MESSAGES.created)).toBeTruthy();
    const body = writes('POST')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'disk-cleanup', title: 'Disk Cleanup', category: 'Other', description: 'What this playbook does' });
    expect((body.spec as { actions: { name: string }[] }).actions[0]!.name).toBe('echo');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's 400 message when a create is refused", async () => {
    serve(ROWS, 400, 'spec.actions[0].exec.script: is required');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Create Playbook/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Playbook Spec' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'spec.actions[0].exec.script: is required');
  });

  it('edits through PATCH with the updated toast, and reports a failed update', async () => {
    serve(ROWS);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Echo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Playbook Spec' });
    const title = within(dialog).getByLabelText(/Title/) as HTMLInputElement;
    expect(title.value).toBe('Echo');
    await user.clear(title);
    await user.type(title, 'Echo Twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLAYBOOK_MESSAGES.updated)).toBeTruthy();
    const patch = writes('PATCH')[0]!;
    expect(patch.query.get('id')).toBe('eq.p2');
    expect(patch.body).toMatchObject({ title: 'Echo Twice', spec: { title: 'Echo Twice' } });

    serve(ROWS, 400, 'spec.timeout: must be a duration');
    await user.click(await screen.findByRole('button', { name: 'Actions for Echo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Playbook Spec' });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLAYBOOK_MESSAGES.updateFailed('spec.timeout: must be a duration'))).toBeTruthy();
  });

  it('deletes by setting deleted_at, and reports a failed delete', async () => {
    serve(ROWS);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Scale' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Playbook' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes('PATCH')).toHaveLength(1));
    const patch = writes('PATCH')[0]!;
    expect(patch.query.get('id')).toBe('eq.p3');
    expect(typeof (patch.body as { deleted_at: string }).deleted_at).toBe('string');

    serve(ROWS, 403, 'permission denied for playbooks');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Actions for Scale' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Playbook' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PLAYBOOK_MESSAGES.deleteFailed('permission denied for playbooks'))).toBeTruthy();
  });

  it('keeps Save disabled while the spec breaks the Playbook schema', async () => {
    serve([playbook({ id: 'p9', title: 'Broken', spec: { description: 'no actions' } })]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Broken' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Playbook Spec' });
    // The editor's code loads on first use: allow for a busy machine.
    expect(
      await within(dialog).findByText(/actions: (must be a list of actions|needs at least one action)/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it("opens the run dialog from a card's Run", async () => {
    serve(ROWS);
    state.handle = ((base) => (req: Parameters<PeerState['handle']>[0]) =>
      /^\/api\/playbook\/p2\/params$/.test(req.path) ? { status: 200, body: { params: [] } } : base(req))(state.handle);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Echo' })).getByRole('button', { name: 'Run' }));
    const dialog = await screen.findByRole('dialog', { name: /Echo/ });
    expect(await within(dialog).findByText(PLAYBOOK_MESSAGES.noParameters)).toBeTruthy();
  });
});
