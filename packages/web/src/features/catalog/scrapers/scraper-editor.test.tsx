import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { ScraperEditor } from './scraper-editor';

afterEach(cleanup);

const STORED_FILE = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: files
  namespace: default
spec:
  schedule: "@every 2h"
  retention:
    changes:
      - name: Pulled
        age: 72h
  file:
    - type: T
      id: $.id
      paths:
        - /a.json
`;

function setup(props: { initial?: string; existing?: boolean } = {}) {
  const onSave = vi.fn<(text: string) => void>();
  const user = userEvent.setup();
  render(<ScraperEditor initial={props.initial ?? ''} existing={props.existing} readOnly={false} saving={false} onSave={onSave} />);
  const saved = () => parse(onSave.mock.calls.at(-1)![0]) as { metadata: Record<string, unknown>; spec: Record<string, unknown> };
  return { onSave, user, saved };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('ScraperEditor', () => {
  it('a new scraper picks its type first, from a list sorted by label', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Scraper types' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'AWS',
      'Azure',
      'Azure DevOps',
      'Custom',
      'File',
      'Github Actions',
      'HTTP',
      'Kubernetes',
      'Kubernetes File',
      'SQL',
      'Trivy',
    ]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('Kubernetes opens its form with every 30m and maxInFlight 64, requires the cluster name, and saves the YAML', async () => {
    const { user, onSave, saved } = setup();
    await user.click(screen.getByRole('button', { name: 'Kubernetes' }));
    expect(screen.getByRole('tab', { name: 'Form' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Schedule' }).textContent).toBe('Every 30m');
    expect((screen.getByLabelText('Max in flight') as HTMLInputElement).value).toBe('64');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['This field is required', 'This field is required']));
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /^Name(?!space)/ }), 'prod-cluster');
    await user.type(screen.getByLabelText(/^Cluster name/), 'prod');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(saved()).toMatchObject({
      metadata: { name: 'prod-cluster', namespace: 'default' },
      spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'prod', maxInFlight: 64 }] },
    });
  });

  it('a code-only type opens Code with its starter, and Form refuses it with the reason', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Trivy' }));
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
    const code = await screen.findByRole('textbox', { name: 'Scraper spec' });
    expect(code.textContent).toContain('trivy:');
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(alerts()).toEqual(['Trivy scrapers are edited as code']);
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a stored scraper opens on Form with Update; unchecking Retention clears spec.retention', async () => {
    const { user, onSave, saved } = setup({ initial: STORED_FILE, existing: true });
    expect(screen.getByRole('tab', { name: 'Form' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Schedule' }).textContent).toBe('@every 2h');
    expect((screen.getByLabelText('Name 1') as HTMLInputElement).value).toBe('Pulled');
    await user.click(screen.getByRole('checkbox', { name: 'Retention' }));
    expect(screen.queryByLabelText('Name 1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(saved().spec).toEqual({ schedule: '@every 2h', file: [{ type: 'T', id: '$.id', paths: ['/a.json'] }] });
  });

  it('Form → Code → Form carries the values both ways', async () => {
    const { user, onSave, saved } = setup({ initial: STORED_FILE, existing: true });
    await user.clear(screen.getByLabelText('Paths'));
    await user.type(screen.getByLabelText('Paths'), '/b.json{Enter}/c.json');
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const code = await screen.findByRole('textbox', { name: 'Scraper spec' });
    expect(code.textContent).toContain('- /b.json');
    expect(code.textContent).toContain('- /c.json');
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect((screen.getByLabelText('Paths') as HTMLTextAreaElement).value).toBe('/b.json\n/c.json');
    await act(async () => user.click(screen.getByRole('button', { name: 'Update' })));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(saved().spec).toMatchObject({
      retention: { changes: [{ name: 'Pulled', age: '72h' }] },
      file: [{ paths: ['/b.json', '/c.json'] }],
    });
  });
});
