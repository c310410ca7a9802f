import { MESSAGES, SECRET_MASK, type ConnectionInput, type ConnectionPatch, type ConnectionView } from '@ops/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionDialog } from './connection-dialog';

afterEach(cleanup);

interface Calls {
  created: ConnectionInput[];
  updated: { id: string; patch: ConnectionPatch }[];
  tested: string[];
  deleted: string[];
  closed: number;
}

function renderDialog(connection: ConnectionView | null) {
  const calls: Calls = { created: [], updated: [], tested: [], deleted: [], closed: 0 };
  render(
    <ConnectionDialog
      open
      connection={connection}
      onClose={() => calls.closed++}
      saving={false}
      testing={false}
      onCreate={async (input) => void calls.created.push(input)}
      onUpdate={async (id, patch) => void calls.updated.push({ id, patch })}
      onTest={(c) => void calls.tested.push(c.id)}
      onDelete={(c) => void calls.deleted.push(c.id)}
    />,
  );
  return calls;
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('Add Connection', () => {
  it('filters the type picker, then requires the fields of the picked type and sends them', async () => {
    const user = userEvent.setup();
    const calls = renderDialog(null);
    const dialog = screen.getByRole('dialog', { name: 'Add Connection' });
    expect(within(dialog).getByRole('list', { name: 'Notifications types' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'JMeter' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Filter connection types'), 'postg');
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^(?!Close)/ })
        .map((b) => b.textContent),
    ).toEqual(['PostgreSQL']);
    await user.click(within(dialog).getByRole('button', { name: 'PostgreSQL' }));

    expect((screen.getByLabelText(/^Namespace/) as HTMLInputElement).value).toBe('default');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual([MESSAGES.required, MESSAGES.required, MESSAGES.required, MESSAGES.required]));
    expect(calls.created).toEqual([]);

    await user.type(screen.getByLabelText(/^Name\*?$/), 'orders-db');
    await user.type(screen.getByLabelText(/^URL/), 'postgres://127.0.0.1:5432/orders');
    await user.type(screen.getByLabelText(/^Username/), 'app');
    const password = screen.getByLabelText(/^Password\*?$/) as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.type(password, 'pw');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toEqual({
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://127.0.0.1:5432/orders',
      username: 'app',
      password: 'pw',
      insecure_tls: false,
      properties: {},
    });
    expect(calls.closed).toBe(1);
  });

  it('shows the composed channel URL of a notification type as it is typed, secrets hidden', async () => {
    const user = userEvent.setup();
    renderDialog(null);
    await user.click(screen.getByRole('button', { name: 'Slack' }));
    await user.type(screen.getByLabelText(/^Bot token or webhook token\*?$/), 'xoxb-1');
    await user.type(screen.getByLabelText(/^Channel/), 'alerts');
    const url = screen.getByLabelText('URL') as HTMLInputElement;
    expect(url.readOnly).toBe(true);
    await waitFor(() => expect(url.value).toBe('slack://********@alerts'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Filter connection types')).toBeTruthy();
  });
});

describe('Edit Connection', () => {
  const stored: ConnectionView = {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'orders-db',
    namespace: 'default',
    type: 'postgres',
    url: 'postgres://127.0.0.1:5432/orders',
    username: 'app',
    password: SECRET_MASK,
    certificate: null,
    insecure_tls: false,
    properties: {},
    source: 'apply',
    created_by: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };

  it('opens in the form with the mask, says where it is managed, and keeps the mask on Update', async () => {
    const user = userEvent.setup();
    const calls = renderDialog(stored);
    const dialog = screen.getByRole('dialog', { name: 'Edit Connection' });
    expect(within(dialog).getByRole('note').textContent).toContain('Managed by apply');
    expect((screen.getByLabelText(/^Password\*?$/) as HTMLInputElement).value).toBe(SECRET_MASK);

    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(calls.tested).toEqual([stored.id]);
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'reader');
    expect((screen.getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]).toEqual({
      id: stored.id,
      patch: expect.objectContaining({ username: 'reader', password: SECRET_MASK, url: stored.url }) as unknown,
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.deleted).toEqual([stored.id]);
  });

  it('switches a secret to an environment variable reference', async () => {
    const user = userEvent.setup();
    const calls = renderDialog({ ...stored, source: 'UI' });
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Password from' }));
    await user.click(await screen.findByRole('option', { name: 'From environment' }));
    await user.type(screen.getByLabelText(/^Password\*?$/), 'ORDERS_DB_PASSWORD');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]!.patch.password).toEqual({ valueFrom: { env: 'ORDERS_DB_PASSWORD' } });
  });
});
