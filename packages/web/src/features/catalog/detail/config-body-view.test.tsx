import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ConfigBodyView } from './config-body-view';

const LINES = Array.from({ length: 5000 }, (_, i) => `  "key${i}": ${i},`);

function Probe() {
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <ConfigBodyView lines={LINES} />
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

const selected = () => new URLSearchParams(screen.getByLabelText('search').textContent ?? '').getAll('selected');

beforeAll(() => {
  // jsdom has no layout: give the scroller a viewport so the virtualiser renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});
afterEach(cleanup);

describe('config body view', () => {
  it('renders only the lines in view of a long body', () => {
    renderAt('/');
    const region = screen.getByRole('region', { name: 'Config' });
    expect(region.getAttribute('data-line-count')).toBe('5000');
    const drawn = within(region).getAllByRole('button').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(200);
    expect(within(region).getByText('"key0"')).toBeTruthy();
  });

  it('keeps selected lines in the URL: click toggles, shift-click selects a range', () => {
    renderAt('/?tab=config');
    fireEvent.click(screen.getByRole('button', { name: 'Line 2' }));
    expect(selected()).toEqual(['2']);
    fireEvent.click(screen.getByRole('button', { name: 'Line 5' }), { shiftKey: true });
    expect(selected()).toEqual(['2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Line 4' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Line 3' }));
    expect(selected()).toEqual(['2', '4', '5']);
    expect(new URLSearchParams(screen.getByLabelText('search').textContent ?? '').get('tab')).toBe('config');
  });

  it('reads the selection from the URL', () => {
    renderAt('/?selected=1&selected=3');
    expect(screen.getByRole('button', { name: 'Line 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Line 2' }).getAttribute('aria-pressed')).toBe('false');
  });
});
