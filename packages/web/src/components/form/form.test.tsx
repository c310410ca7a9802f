import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Button } from '../ui';
import { CheckboxGroupField, Form, FormError, SelectField, TextField, useAppForm } from '.';

interface Values {
  name: string;
  email: string;
  role: string;
  tags: string[];
}

const schema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    email: z.string().regex(/@/, 'Not an e-mail'),
    role: z.enum(['admin', 'viewer'], { error: 'Pick a role' }),
    tags: z.array(z.string()).min(1, 'Pick a tag'),
  })
  .refine((v) => v.name !== 'taken', { message: 'That name is taken' });

const EMPTY: Values = { name: '', email: '', role: '', tags: [] };

function Subject({ onSubmit }: { onSubmit: (v: Values) => Promise<void> | void }) {
  const form = useAppForm<Values>({ defaultValues: EMPTY, schema });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Subject">
      <TextField name="name" id="name" label="Name" required />
      <TextField name="email" id="email" label="Email" />
      <SelectField
        name="role"
        id="role"
        label="Role"
        placeholder="Select"
        options={[
          { value: 'admin', label: 'Admin' },
          { value: 'viewer', label: 'Viewer' },
        ]}
      />
      <CheckboxGroupField name="tags" legend="Tags" options={['a', 'b']} idPrefix="tag" />
      <FormError />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Save
      </Button>
    </Form>
  );
}

afterEach(cleanup);

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('Form (react-hook-form + zod)', () => {
  it('shows nothing before a field is touched, then its error on blur, updated on change', async () => {
    const user = userEvent.setup();
    render(<Subject onSubmit={() => undefined} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'x');
    expect(alerts()).toEqual([]);
    await user.tab();
    await waitFor(() => expect(alerts()).toEqual(['Not an e-mail']));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, '@y');
    await waitFor(() => expect(alerts()).toEqual([]));
  });

  it('submit marks every field touched, shows each error and does not call onSubmit', async () => {
    const sent: Values[] = [];
    render(<Subject onSubmit={(v) => void sent.push(v)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['Name is required', 'Not an e-mail', 'Pick a role', 'Pick a tag']));
    expect(sent).toEqual([]);
  });

  it('submits valid values, marking a picked option touched, and shows a form-wide error after submit', async () => {
    const user = userEvent.setup();
    const sent: Values[] = [];
    render(<Subject onSubmit={(v) => void sent.push(v)} />);
    await user.type(screen.getByLabelText(/^Name/), 'taken');
    await user.type(screen.getByLabelText('Email'), 'a@b');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(screen.getByLabelText('b'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['That name is taken']));
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'free');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'free', email: 'a@b', role: 'viewer', tags: ['b'] }]));
  });

  it('shows a checkbox group error as soon as the last box is cleared', async () => {
    const user = userEvent.setup();
    render(<Subject onSubmit={() => undefined} />);
    await user.click(screen.getByLabelText('a'));
    expect(alerts()).toEqual([]);
    await user.click(screen.getByLabelText('a'));
    await waitFor(() => expect(alerts()).toEqual(['Pick a tag']));
  });
});
