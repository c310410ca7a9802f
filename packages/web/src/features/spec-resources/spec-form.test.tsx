import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoggingBackendForm } from './logging-backend-form';
import type { LoggingBackendRow } from './logging-backend-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(cleanup);

const row = (spec: Record<string, unknown>): LoggingBackendRow => ({
  id: 'b1',
  name: 'files',
  labels: { env: 'prod' },
  spec,
  source: 'UI',
  agent_id: '00000000-0000-0000-0000-000000000000',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
});

const form = (props: Partial<Parameters<typeof LoggingBackendForm>[0]> = {}) => {
  const onSave = vi.fn();
  render(<LoggingBackendForm row={undefined} readOnly={false} saving={false} onSave={onSave} deleteButton={null} {...props} />);
  return onSave;
};

describe('the log backend form', () => {
  it('keeps Save disabled until the name is given, then saves name, labels and spec', async () => {
    const onSave = form();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true));
    const name = screen.getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'app-files' } });
    fireEvent.blur(name);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      name: 'app-files',
      labelsText: '{}',
      specText: 'file:\n  path: /var/log/app/*.log\n',
    });
  });

  it('disables Update for a stored spec the schema rejects and lists the problem', async () => {
    form({ row: row({ loki: {} }) });
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    await waitFor(() => expect(update.disabled).toBe(true));
    const list = await screen.findByRole('list', { name: 'Problems' }, { timeout: 5000 });
    expect(within(list).getByText(/loki\.url: url or connection is required/)).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).readOnly).toBe(true);
  });

  it('switches the spec between YAML and JSON, staying valid', async () => {
    form({ row: row({ file: { path: '/tmp/*.log' } }) });
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    await waitFor(() => expect(update.disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    const editor = await screen.findByRole('textbox', { name: 'Log backend spec' }, { timeout: 5000 });
    await waitFor(() => expect(editor.textContent).toContain('"path": "/tmp/*.log"'));
    expect(screen.getByRole('button', { name: 'JSON' }).getAttribute('aria-pressed')).toBe('true');
    expect(update.disabled).toBe(false);
  });
});
