import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { PlaybookRunListRow } from '../api/runs-api';
import { PlaybookApprovalsPage } from './playbook-approvals-page';
import { PlaybookRunsPage } from './playbook-runs-page';
import { emptyPeerState, renderRoutes, servePeer, stubLayout, type PeerState } from '../test-support/peer';

configure({ asyncUtilTimeout: 5000 });

let state: PeerState = emptyPeerState();
servePeer(createServer, () => state, stubLayout);
beforeEach(() => {
  state = emptyPeerState();
});

const row = (over: Partial<PlaybookRunListRow> & Pick<PlaybookRunListRow, 'id'>): PlaybookRunListRow => ({
  playbook_id: 'p1',
  status: 'completed',
  trigger: 'manual',
  error: null,
  created_at: '2026-03-04T05:06:06Z',
  scheduled_time: '2026-03-04T05:06:06Z',
  start_time: '2026-03-04T05:06:07Z',
  end_time: '2026-03-04T05:06:09.500Z',
  playbooks: { id: 'p1', name: 'echo', title: 'Echo', icon: null },
  component: null,
  config: null,
  check: null,
  created_by: null,
  ...over,
});

const RUNS = [
  row({
    id: 'r1',
    config: { id: 'c1', name: 'web', type: 'Kubernetes::Pod' },
    created_by: { id: 'u1', name: 'Ada', email: null, avatar: null },
  }),
  row({ id: 'r2', status: 'failed', trigger: 'config.updated', check: { id: 'k1', name: 'http-check', type: 'http' } }),
];

function serve() {
  state.handle = (req) => {
    if (req.path === '/api/db/playbook_runs') return { status: 200, body: RUNS, headers: { 'content-range': `0-1/2` } };
    if (req.path === '/api/db/playbook_names')
      return { status: 200, body: [{ id: 'p1', name: 'echo', title: 'Echo', icon: null, category: 'Other' }] };
    return undefined;
  };
}

const routes = [
  { path: '/playbooks/runs', element: <PlaybookRunsPage /> },
  { path: '/playbooks/:id', element: <PlaybookRunsPage /> },
  { path: '/playbooks/approvals', element: <PlaybookApprovalsPage /> },
];
const runsCall = () => state.requests.filter((r) => r.path === '/api/db/playbook_runs').at(-1)!.query;

describe('/playbooks/runs', { timeout: 20_000 }, () => {
  it('lists runs 150 a page, newest first, in the last 7 days, and opens a run on click', async () => {
    serve();
    const user = userEvent.setup();
    renderRoutes('/playbooks/runs', routes);
    const table = await screen.findByRole('table', { name: 'Playbook runs' });
    const first = (await within(table).findByText('web')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Echo')).toBeTruthy();
    expect(within(first).getByText('web')).toBeTruthy();
    expect(within(first).getByText('Completed')).toBeTruthy();
    expect(within(first).getByText('2.5s')).toBeTruthy();
    expect(within(first).getByText('Ada')).toBeTruthy();
    expect(within(table).getByText('Config Updated')).toBeTruthy();
    const q = runsCall();
    expect(q.get('limit')).toBe('150');
    expect(q.get('offset')).toBe('0');
    expect(q.get('order')).toBe('created_at.desc');
    expect(q.get('select')).toContain('playbooks(id,name,title,icon)');
    const [from, to] = q.getAll('created_at').map((v) => Date.parse(v.slice(4)));
    expect(to! - from!).toBe(7 * 24 * 3600 * 1000);
    await user.click(within(first).getByText('Echo'));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/playbooks/runs/r1'));
  });

  it('filters by the playbook and status in the URL, and by the playbook of /playbooks/{id}', async () => {
    serve();
    renderRoutes('/playbooks/runs?playbook=p1&status=failed', routes);
    await screen.findByRole('table', { name: 'Playbook runs' });
    await waitFor(() => expect(runsCall().get('playbook_id')).toBe('eq.p1'));
    expect(runsCall().get('status')).toBe('eq.failed');
    cleanup();
    renderRoutes('/playbooks/p1', routes);
    await screen.findByRole('table', { name: 'Playbook runs' });
    await waitFor(() => expect(runsCall().get('playbook_id')).toBe('eq.p1'));
    expect(await screen.findByRole('heading', { name: 'Echo Runs' })).toBeTruthy();
  });
});

describe('/playbooks/approvals', { timeout: 20_000 }, () => {
  it('lists the waiting runs the caller can approve, and approves one', async () => {
    const wire = (id: string, can: boolean) => ({
      id,
      status: 'pending_approval',
      can_approve: can,
      created_at: '2026-03-04T05:06:06Z',
      trigger: 'manual',
      playbook: { id: 'p1', name: 'echo', title: `Echo ${id}`, icon: null, category: 'Other' },
      component: null,
      config: null,
      check: null,
      created_by: null,
      approvals: [],
    });
    state.handle = (req) => {
      if (req.path === '/api/db/playbook_runs') return { status: 200, body: [{ id: 'r1' }, { id: 'r2' }] };
      if (req.path === '/api/playbook/run/r1') return { status: 200, body: wire('r1', true) };
      if (req.path === '/api/playbook/run/r2') return { status: 200, body: wire('r2', false) };
      if (req.path === '/api/playbook/run/r1/approve') return { status: 200, body: {} };
      return undefined;
    };
    const user = userEvent.setup();
    renderRoutes('/playbooks/approvals', routes);
    const list = await screen.findByRole('list', { name: 'Runs waiting for approval' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Echo r1 run']);
    expect(state.requests.find((r) => r.path === '/api/db/playbook_runs')!.query.get('status')).toBe('eq.pending_approval');
    await user.click(within(list).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(state.requests.some((r) => r.method === 'POST' && r.path === '/api/playbook/run/r1/approve')).toBe(true));
  });
});
