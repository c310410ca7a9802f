import type { PlaybookRunActionDetail, PlaybookRunWire } from '@ops/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import { PlaybookRunPage } from './playbook-run-page';
import { emptyPeerState, renderRoutes, servePeer, stubLayout, type PeerState } from '../test-support/peer';

configure({ asyncUtilTimeout: 5000 });

let state: PeerState = emptyPeerState();
servePeer(createServer, () => state, stubLayout);
beforeEach(() => {
  state = emptyPeerState();
});

const T = '2026-03-04T05:06:07.000Z';
const action = (
  over: Partial<PlaybookRunActionDetail> & Pick<PlaybookRunActionDetail, 'id' | 'name' | 'position'>,
): PlaybookRunActionDetail => ({
  playbook_run_id: 'r1',
  attempt: 1,
  status: 'completed',
  scheduled_time: T,
  start_time: T,
  end_time: '2026-03-04T05:06:09.500Z',
  error: null,
  result: null,
  artifacts: [],
  ...over,
});

function runOf(over: Partial<PlaybookRunWire>): PlaybookRunWire {
  return {
    id: 'r1',
    playbook_id: 'p1',
    status: 'completed',
    parameters: { message: 'hello' },
    trigger: 'manual',
    error: null,
    created_at: '2026-03-04T05:06:06.000Z',
    scheduled_time: T,
    start_time: T,
    end_time: '2026-03-04T05:06:10.000Z',
    component_id: null,
    config_id: 'c1',
    check_id: null,
    parent_id: null,
    created_by: { id: 'u1', name: 'Ada Admin', email: 'ada@x' },
    playbook: { id: 'p1', name: 'echo', title: 'Echo', icon: null, category: 'Other' },
    component: null,
    config: { id: 'c1', name: 'web-deployment', type: 'Kubernetes::Deployment' },
    check: null,
    actions: [],
    approval: null,
    approvals: [],
    can_approve: false,
    ...over,
  };
}

const STDOUT = Array.from({ length: 5000 }, (_, i) => `line ${i + 1} see https://example.com/${i + 1} or javascript:alert(${i})`).join(
  '\n',
);
const ACTIONS = [
  action({ id: 'a1', name: 'echo', position: 0, result: { stdout: STDOUT, stderr: 'warned', exitCode: 0 } }),
  action({ id: 'a2', name: 'cleanup', position: 1, status: 'skipped', start_time: null, end_time: null }),
];

/** Serves run `r1` (and `r2` for a re-run) and its actions; records every call. */
function serve(run: PlaybookRunWire, actions: PlaybookRunActionDetail[] = ACTIONS) {
  const byId = new Map(actions.map((a) => [a.id, a]));
  state.handle = (req) => {
    if (req.path === '/api/playbook/run/r1')
      return { status: 200, body: { ...run, actions: actions.map(({ result: _x, artifacts: _y, ...a }) => a) } };
    if (req.path === '/api/playbook/run/r2')
      return { status: 200, body: runOf({ id: 'r2', parent_id: 'r1', status: 'running', end_time: null }) };
    const m = /^\/api\/playbook\/run\/action\/(.+)$/.exec(req.path);
    if (m) return byId.has(m[1]!) ? { status: 200, body: byId.get(m[1]!) } : { status: 404, body: { error: 'not found' } };
    if (req.path === '/api/playbook/run/r1/rerun') return { status: 201, body: { run_id: 'r2', starts_at: T } };
    if (req.path === '/api/playbook/run/r1/cancel' || req.path === '/api/playbook/run/r1/approve') return { status: 200, body: {} };
    return undefined;
  };
}

const renderRun = (path = '/playbooks/runs/r1') => renderRoutes(path, [{ path: '/playbooks/runs/:id', element: <PlaybookRunPage /> }]);

describe('/playbooks/runs/{id}', { timeout: 20_000 }, () => {
  it('shows the header, the steps (skipped not selectable) and a virtual log with only http(s) links', async () => {
    serve(runOf({}));
    renderRun();
    const details = await screen.findByLabelText('Run details');
    expect(within(details).getByText('Echo').closest('a')?.getAttribute('href')).toBe('/playbooks/p1');
    expect(within(details).getByText('Completed')).toBeTruthy();
    expect(within(details).getByText('web-deployment')).toBeTruthy();
    expect(within(details).getByText('Ada Admin')).toBeTruthy();
    expect(within(details).getByText('3s')).toBeTruthy(); // duration start → end
    expect(within(details).getByText('1s')).toBeTruthy(); // queued: created → start
    const steps = screen.getByRole('list', { name: 'Steps' });
    const skipped = within(steps).getByRole('button', { name: /cleanup/ }) as HTMLButtonElement;
    expect(skipped.disabled).toBe(true);
    expect(within(steps).getByRole('button', { name: /echo/ }).getAttribute('aria-current')).toBe('step');
    const log = await screen.findByRole('log', { name: 'Log of echo' });
    // 5004 lines (5000 of stdout, 1 of stderr, the result as 3 lines of JSON): only a window of them is in the DOM.
    expect(screen.getByText('5,004 lines')).toBeTruthy();
    const drawn = log.querySelectorAll('[data-line]');
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(200);
    const link = within(log).getByRole('link', { name: 'https://example.com/1' });
    expect(link.getAttribute('href')).toBe('https://example.com/1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(log).queryByRole('link', { name: /javascript/ })).toBeNull();
    // The run is final: no Cancel, and no Approve without can_approve.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('adds an Initialization step for a run that failed before any action', async () => {
    serve(runOf({ status: 'failed', error: 'parameter "message" is required' }), []);
    renderRun();
    const steps = await screen.findByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getByRole('button', { name: /Initialization/ })
        .getAttribute('aria-current'),
    ).toBe('step');
    const log = await screen.findByRole('log', { name: 'Log of Initialization' });
    expect(within(log).getByText('parameter "message" is required')).toBeTruthy();
  });

  it('keeps refreshing a running run and its action until they are final, with Cancel and Approve', async () => {
    let polls = 0;
    const running = runOf({ status: 'running', end_time: null, can_approve: false });
    const live = [action({ id: 'a1', name: 'echo', position: 0, status: 'running', end_time: null, result: { stdout: 'first\n' } })];
    serve(running, live);
    const base = state.handle;
    state.handle = (req) => {
      if (req.path === '/api/playbook/run/action/a1') {
        polls += 1;
        const done = polls >= 3;
        return {
          status: 200,
          body: { ...live[0], status: done ? 'completed' : 'running', result: { stdout: done ? 'first\nsecond\n' : 'first\n' } },
        };
      }
      return base(req);
    };
    const user = userEvent.setup();
    renderRun();
    const log = await screen.findByRole('log', { name: 'Log of echo' });
    await within(log).findByText('second', {}, { timeout: 6000 });
    const runPolls = state.requests.filter((r) => r.path === '/api/playbook/run/r1').length;
    expect(runPolls).toBeGreaterThanOrEqual(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(state.requests.some((r) => r.method === 'POST' && r.path === '/api/playbook/run/r1/cancel')).toBe(true));
    // Final action: polling stops.
    const after = polls;
    await new Promise((r) => setTimeout(r, 1500));
    expect(polls).toBe(after);
  });

  // A log over 256 KiB is not in the action's JSON: the pane fetches it from its text route, once per version
  // (status, end time, size doubling), not on every one-second refresh of a running action.
  it('fetches a long log as text and does not refetch it on every refresh', async () => {
    const big = Array.from({ length: 40_000 }, (_, i) => `row ${i + 1} of the big log`).join('\n');
    let polls = 0;
    const running = runOf({ status: 'running', end_time: null });
    const live = action({ id: 'a1', name: 'echo', position: 0, status: 'running', end_time: null, result: { exitCode: 0 } });
    serve(running, [live]);
    const base = state.handle;
    state.handle = (req) => {
      if (req.path === '/api/playbook/run/action/a1') {
        polls += 1;
        const done = polls >= 4;
        const end = done ? '2026-03-04T05:06:09.500Z' : null;
        return {
          status: 200,
          body: { ...live, status: done ? 'completed' : 'running', end_time: end, logs: { stdout: { bytes: big.length } } },
        };
      }
      // The test peer answers JSON; the real route answers text/plain (see the server's integration test).
      if (req.path === '/api/playbook/run/action/a1/log/stdout') return { status: 200, body: big };
      return base(req);
    };
    renderRun();
    const log = await screen.findByRole('log', { name: 'Log of echo' });
    expect(within(log).getByText('row 1 of the big log')).toBeTruthy();
    // 40,000 lines of stdout and the rest of the result ({exitCode: 0}) as 3 lines of JSON.
    expect(screen.getByText('40,003 lines')).toBeTruthy();
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(4), { timeout: 6000 });
    await new Promise((r) => setTimeout(r, 300));
    const logFetches = state.requests.filter((r) => r.path === '/api/playbook/run/action/a1/log/stdout').length;
    // Once while running, once more when it completed: not once per poll.
    expect(logFetches).toBe(2);
    expect(screen.getByText('40,003 lines')).toBeTruthy();
  });

  it('approves a run waiting for the caller', async () => {
    serve(
      runOf({
        status: 'pending_approval',
        start_time: null,
        end_time: null,
        can_approve: true,
        approval: { type: 'any', people: ['ann@example.test'], teams: ['sre'] },
      }),
      [],
    );
    const user = userEvent.setup();
    renderRun();
    // Whoever opens the run sees whom it waits for.
    expect(await screen.findByText('Any of ann@example.test, team sre')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(state.requests.some((r) => r.method === 'POST' && r.path === '/api/playbook/run/r1/approve')).toBe(true));
    expect(await screen.findByText('Run approved')).toBeTruthy();
  });

  it('re-runs and goes to the new run', async () => {
    serve(runOf({}));
    const user = userEvent.setup();
    renderRun();
    await user.click(await screen.findByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/playbooks/runs/r2'));
  });

  it('shows the parameters and downloads the whole log as playbookname-starttime.log', async () => {
    serve(runOf({}));
    const saved: { name: string; blob: Blob }[] = [];
    const createUrl = vi.fn((blob: Blob) => {
      saved.push({ name: '', blob });
      return 'blob:x';
    });
    URL.createObjectURL = createUrl as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const user = userEvent.setup();
    renderRun();
    await user.click(await screen.findByRole('button', { name: 'Params' }));
    const params = await screen.findByRole('dialog', { name: 'Params' });
    await within(params).findByText(/hello/);
    await user.click(within(params).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log (.log)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('echo-2026-03-04T05-06-07.000Z.log');
    const text = await saved[0]!.blob.text();
    expect(text).toContain('## echo: completed');
    expect(text).toContain('line 5000 see https://example.com/5000');
    expect(text).toContain('## cleanup: skipped');
    click.mockRestore();
  });
});
