import type { PlaybookParameterWire } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { emptyPeerState, asPeerState, param, type PlaybookPeerState } from '../run-dialog/playbook-test-peer';
import { servePeer } from '../test-support/peer';
import { ParamsForm } from './params-form';

configure({ asyncUtilTimeout: 5000 });

let state: PlaybookPeerState = emptyPeerState();
servePeer(createServer, () => asPeerState(state));
beforeEach(() => {
  state = emptyPeerState();
});

/** Renders the form with a submit button outside it, as the dialog does; records validity and submits. */
function renderForm(params: PlaybookParameterWire[]) {
  const seen = { valid: [] as boolean[], submitted: [] as Record<string, unknown>[] };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ParamsForm formId="f" params={params} onSubmit={(v) => void seen.submitted.push(v)} onValidChange={(v) => void seen.valid.push(v)} />
      <button type="submit" form="f">
        Run
      </button>
    </QueryClientProvider>,
  );
  return { seen, lastValid: () => seen.valid.at(-1) };
}

describe('playbook parameter inputs', { timeout: 20_000 }, () => {
  it('text: minLength, maxLength and regex messages under the field, and the form invalid until fixed', async () => {
    const { seen, lastValid } = renderForm([
      param({ name: 'msg', label: 'Message', default: 'hello', properties: { minLength: 3, maxLength: 8, regex: '^[a-z]+$' } }),
    ]);
    const input = screen.getByLabelText('Message');
    expect((input as HTMLInputElement).value).toBe('hello');
    await waitFor(() => expect(lastValid()).toBe(true));
    await userEvent.clear(input);
    await userEvent.type(input, 'ab');
    expect(await screen.findByText('Message must be at least 3 characters')).toBeTruthy();
    expect(lastValid()).toBe(false);
    await userEvent.type(input, 'cdefghij');
    expect(await screen.findByText('Message must be at most 8 characters')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'ABC');
    expect(await screen.findByText('Message must match the pattern ^[a-z]+$')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'fixed');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(lastValid()).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(seen.submitted).toEqual([{ msg: 'fixed' }]));
  });

  it('a required empty field is quiet until submit, then says This field is required; nothing is submitted', async () => {
    const { seen, lastValid } = renderForm([param({ name: 'who', label: 'Who', required: true })]);
    await waitFor(() => expect(lastValid()).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(seen.submitted).toEqual([]);
  });

  it('a rendered default that breaks a rule shows its message at once', async () => {
    const { lastValid } = renderForm([param({ name: 'n', label: 'Name', default: 'Bad_Name', properties: { format: 'dns1123' } })]);
    expect(await screen.findByText(/Name must be lowercase letters/)).toBeTruthy();
    await waitFor(() => expect(lastValid()).toBe(false));
  });

  it('text min and max compare numbers; multiline is a text area; secret is a password input', async () => {
    renderForm([
      param({ name: 'count', label: 'Count', default: '3', properties: { min: 1, max: 5 } }),
      param({ name: 'body', label: 'Body', properties: { multiline: 'true' } }),
      param({ name: 'pw', label: 'Password', type: 'secret' }),
    ]);
    const count = screen.getByLabelText('Count');
    await userEvent.clear(count);
    await userEvent.type(count, '9');
    expect(await screen.findByText('Count must be at most 5')).toBeTruthy();
    await userEvent.clear(count);
    await userEvent.type(count, 'x');
    expect(await screen.findByText('Count must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Body').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('duration, millicores and bytes accept their notations and name the expected form otherwise', async () => {
    renderForm([
      param({ name: 'd', label: 'Wait', type: 'duration', default: '5m' }),
      param({ name: 'c', label: 'CPU', type: 'millicores', default: '500m', properties: { max: '2' } }),
      param({ name: 'b', label: 'Memory', type: 'bytes', default: '512Mi', properties: { min: '128Mi' } }),
    ]);
    await userEvent.clear(screen.getByLabelText('Wait'));
    await userEvent.type(screen.getByLabelText('Wait'), 'soon');
    expect(await screen.findByText('Wait must be a duration such as 30s, 5m, 1h or 2d')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('CPU'));
    await userEvent.type(screen.getByLabelText('CPU'), '3');
    expect(await screen.findByText('CPU must be at most 2')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('CPU'));
    await userEvent.type(screen.getByLabelText('CPU'), 'lots');
    expect(await screen.findByText('CPU must be CPU in millicores or cores, such as 500m or 2')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Memory'));
    await userEvent.type(screen.getByLabelText('Memory'), '64Mi');
    expect(await screen.findByText('Memory must be at least 128Mi')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Memory'));
    await userEvent.type(screen.getByLabelText('Memory'), 'big');
    expect(await screen.findByText('Memory must be a size such as 512Mi or 1G')).toBeTruthy();
  });

  it('checkbox: a rendered true default is ticked and the value is sent as true/false', async () => {
    const { seen } = renderForm([
      param({ name: 'dry', label: 'Dry run', type: 'checkbox', default: 'true' }),
      param({ name: 'force', label: 'Force', type: 'checkbox' }),
    ]);
    expect(screen.getByRole('checkbox', { name: 'Dry run' }).getAttribute('data-state')).toBe('checked');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Force' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dry run' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(seen.submitted).toEqual([{ dry: false, force: true }]));
  });

  it("list: offers the options (plain and labelled); a default outside them is shown with 'must be one of'", async () => {
    const { seen } = renderForm([
      param({
        name: 'env',
        label: 'Environment',
        type: 'list',
        default: 'qa',
        properties: { options: ['dev', { label: 'Production', value: 'prod' }] },
      }),
    ]);
    expect(await screen.findByText('Environment must be one of dev, prod')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Production' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(seen.submitted).toEqual([{ env: 'prod' }]));
  });

  it('config, component and check parameters pick from a resource search with the filter; the value is the id', async () => {
    state.search = {
      configs: [{ id: 'cfg-1', name: 'node-a', type: 'Kubernetes::Node' }],
      components: [{ id: 'cmp-1', name: 'api', type: 'Service' }],
      checks: [{ id: 'chk-1', name: 'ping', type: 'http' }],
    };
    const { seen } = renderForm([
      param({ name: 'node', label: 'Node', type: 'config', required: true, properties: { filter: { types: ['Kubernetes::Node'] } } }),
      param({ name: 'svc', label: 'Service', type: 'component' }),
      param({ name: 'probe', label: 'Probe', type: 'check', properties: { filter: [{ name: 'ping' }] } }),
    ]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Node' }));
    await userEvent.click(await screen.findByRole('option', { name: 'node-a (Kubernetes::Node)' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Probe' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ping (http)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(seen.submitted).toEqual([{ node: 'cfg-1', probe: 'chk-1' }]));
    const bodies = state.requests.filter((r) => r.path === '/api/resources/search').map((r) => r.body);
    expect(bodies).toContainEqual({ configs: [{ types: ['Kubernetes::Node'] }], limit: 100 });
    expect(bodies).toContainEqual({ components: [{}], limit: 100 });
    expect(bodies).toContainEqual({ checks: [{ name: 'ping' }], limit: 100 });
  });

  it('team and people parameters pick live teams and people by name; an optional one can be set back to None', async () => {
    state.relations.teams = [{ id: 't-1', name: 'SRE' }];
    state.relations.people = [{ id: 'p-1', name: 'Ada', email: 'ada@x' }];
    const { seen } = renderForm([
      param({ name: 'team', label: 'Team', type: 'team', default: 't-1' }),
      param({ name: 'owner', label: 'Owner', type: 'people' }),
    ]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ada (ada@x)' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'None' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(seen.submitted).toEqual([{ owner: 'p-1' }]));
    const people = state.requests.find((r) => r.path === '/api/db/people')!.query;
    expect(people.get('deleted_at')).toBe('is.null');
  });

  it('code: YAML in the lazy editor, a script language in a monospace text area', async () => {
    renderForm([
      param({ name: 'manifest', label: 'Manifest', type: 'code', default: 'a: 1' }),
      param({ name: 'script', label: 'Script', type: 'code', properties: { language: 'bash' } }),
    ]);
    expect(screen.getByLabelText('Script').tagName).toBe('TEXTAREA');
    const editor = await screen.findByRole('textbox', { name: 'Manifest' }, { timeout: 10_000 });
    expect(editor.textContent).toContain('a: 1');
  });
});
