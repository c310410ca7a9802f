import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { activeChangeChips, ChangeChips } from './change-chips';

function Probe() {
  return <output aria-label="search">{useLocation().search}</output>;
}

afterEach(cleanup);

describe('active change filter chips', () => {
  it('names every active filter, exclusions with "not"', () => {
    const chips = activeChangeChips(
      new URLSearchParams('configTypes=Kubernetes__Pod:1&tags=cluster____prod:-1&severity=high:1&summary=replicas&page=3'),
    );
    expect(chips.map((c) => c.label)).toEqual([
      'Config Type: Kubernetes::Pod',
      'Severity: high',
      'Tag: not cluster=prod',
      'Summary: replicas',
    ]);
  });

  it('removes one filter and goes back to page 1', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <ChangeChips />
              <Probe />
            </>
          ),
        },
      ],
      { initialEntries: ['/?changeType=diff:1,CREATE:-1&page=2&id=abc'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Change Type: not CREATE' }));
    expect(new URLSearchParams(screen.getByLabelText('search').textContent ?? '').toString()).toBe('changeType=diff%3A1&id=abc');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Config: abc' }));
    expect(screen.getByLabelText('search').textContent).toBe('?changeType=diff%3A1');
  });
});
