import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { DropdownFilter } from './dropdown-filter';
import { TriStateFilter } from './tri-state-filter';

function Probe() {
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderAt(url: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            {element}
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

const params = () => new URLSearchParams(screen.getByLabelText('search').textContent ?? '');

afterEach(cleanup);

describe('DropdownFilter', () => {
  const options = [
    { value: 'canary', label: 'canary' },
    { value: 'topology', label: 'topology' },
  ];

  it("writes the choice to the URL, resets paging, and drops 'all'", async () => {
    const user = userEvent.setup();
    renderAt('/?pageIndex=2', <DropdownFilter param="resourceType" label="Resource Type" options={options} />);
    const box = screen.getByRole('combobox', { name: 'Resource Type' });
    expect(box.textContent).toContain('All');
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'topology' }));
    expect(params().get('resourceType')).toBe('topology');
    expect(params().has('pageIndex')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Resource Type' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(params().toString()).toBe('');
  });

  it('shows a URL value that is not among the options yet', () => {
    renderAt('/?resourceType=playbook', <DropdownFilter param="resourceType" label="Resource Type" options={options} />);
    expect(screen.getByRole('combobox', { name: 'Resource Type' }).textContent).toContain('playbook');
  });
});

describe('TriStateFilter', () => {
  const options = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED'].map((value) => ({ value }));

  it('starts from the default exclusion and encodes include/exclude clicks in the URL', async () => {
    const user = userEvent.setup();
    renderAt('/', <TriStateFilter param="status" label="Status" options={options} defaultValue={{ SUCCESS: -1 }} />);
    await user.click(screen.getByRole('button', { name: 'Status: not SUCCESS' }));
    expect(screen.getByRole('button', { name: 'Exclude SUCCESS' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Include FAILED' }));
    expect(params().get('status')).toBe('SUCCESS:-1,FAILED:1');

    // Clicking the name cycles include → exclude → none.
    await user.click(screen.getByRole('button', { name: 'FAILED' }));
    expect(params().get('status')).toBe('SUCCESS:-1,FAILED:-1');
    await user.click(screen.getByRole('button', { name: 'FAILED' }));
    expect(params().has('status')).toBe(false); // back to the default

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(params().get('status')).toBe('');
    expect(screen.getByRole('button', { name: 'Status: All' })).toBeTruthy();
  });
});
