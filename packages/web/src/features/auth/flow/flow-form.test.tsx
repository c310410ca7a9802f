import type { AnyFlow, UiNode } from '@ops/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { inputNode, passwordLoginFlow, text } from '../test/flow-fixtures';
import { FlowForm } from './flow-form';

afterEach(cleanup);

const codes: UiNode = {
  type: 'text',
  group: 'lookup_secret',
  attributes: {
    node_type: 'text',
    id: 'lookup_secret_codes',
    text: { ...text('settingsLookupSecretList'), context: { secrets: [{ id: 1050009, text: 'aaaa-1111', type: 'info' }, 'bbbb-2222'] } },
  },
  messages: [],
  meta: { label: text('settingsLookupSecretLabel') },
};

/** A settings flow's backup-code section as the server sends it: hidden method, the codes, two buttons. */
function settingsFlow(): AnyFlow {
  const base = passwordLoginFlow('5f0c3c1e-1111-4b5b-9c2a-00000000aaaa');
  return {
    ...base,
    ui: {
      ...base.ui,
      nodes: [
        inputNode('default', 'csrf_token', 'hidden', { value: 'csrf-9', required: true }),
        inputNode('lookup_secret', 'method', 'hidden', { value: 'lookup_secret' }),
        codes,
        inputNode('lookup_secret', 'lookup_secret_confirm', 'submit', { value: true, label: text('settingsLookupConfirm') }),
        inputNode('lookup_secret', 'lookup_secret_disable', 'submit', { value: true, label: text('settingsDisableLookup') }),
        inputNode('totp', 'totp_code', 'text', { required: true, label: text('labelVerifyCode') }),
      ],
    },
  };
}

it('renders the codes and sends the pressed button with the hidden method, not other groups', () => {
  const onSubmit = vi.fn();
  render(<FlowForm flow={settingsFlow()} groups={['lookup_secret']} defaults="hidden" id="s" submitting={false} onSubmit={onSubmit} />);
  expect(screen.getByRole('list', { name: text('settingsLookupSecretLabel').text }).textContent).toBe('aaaa-1111bbbb-2222');
  expect(screen.queryByLabelText('Verify code')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Disable this method' }));
  expect(onSubmit).toHaveBeenCalledWith({ csrf_token: 'csrf-9', method: 'lookup_secret', lookup_secret_disable: true });
});

it('checks required fields before a method submit and shows node messages from the server', () => {
  const onSubmit = vi.fn();
  const flow = settingsFlow();
  const nodes = flow.ui.nodes.map((n) =>
    n.attributes.node_type === 'input' && n.attributes.name === 'totp_code' ? { ...n, messages: [text('totpWrong', 'error')] } : n,
  );
  render(
    <FlowForm
      flow={{
        ...flow,
        ui: { ...flow.ui, nodes: [...nodes, inputNode('totp', 'method', 'submit', { value: 'totp', label: text('labelSave') })] },
      }}
      groups={['totp']}
      id="t"
      submitting={false}
      onSubmit={onSubmit}
    />,
  );
  expect(screen.getByText(text('totpWrong').text)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('This field is required')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText('Verify code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).toHaveBeenCalledWith({ csrf_token: 'csrf-9', totp_code: '123456', method: 'totp' });
});
