import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SearchBox } from './search-box';
import { useTriStateUrl } from './use-tri-state-url';
import { useUrlParams, useUrlState } from './use-url-state';

function Probe() {
  const location = useLocation();
  return <output aria-label="search">{location.search}</output>;
}

function renderAt(url: string, element: React.ReactNode) {
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
  return router;
}

const search = () => screen.getByLabelText('search').textContent ?? '';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function StateView({ name, fallback }: { name: string; fallback?: string }) {
  const [value, setValue] = useUrlState(name, fallback, { resetParams: ['pageIndex'] });
  return (
    <>
      <output aria-label="value">{value ?? '(none)'}</output>
      <button onClick={() => setValue('canary')}>canary</button>
      <button onClick={() => setValue(fallback)}>default</button>
      <button onClick={() => setValue(undefined)}>clear</button>
    </>
  );
}

describe('useUrlState', () => {
  it('reads the param, falls back to the default, and keeps the default out of the URL', () => {
    renderAt('/?pageIndex=4', <StateView name="type" fallback="topology" />);
    expect(screen.getByLabelText('value').textContent).toBe('topology');
    fireEvent.click(screen.getByText('canary'));
    expect(search()).toBe('?type=canary');
    expect(screen.getByLabelText('value').textContent).toBe('canary');
    fireEvent.click(screen.getByText('default'));
    expect(search()).toBe('');
  });

  it('clears the reset params when the value changes', () => {
    renderAt('/?pageIndex=2&other=x', <StateView name="type" />);
    fireEvent.click(screen.getByText('canary'));
    expect(new URLSearchParams(search()).get('pageIndex')).toBeNull();
    expect(new URLSearchParams(search()).get('other')).toBe('x');
    fireEvent.click(screen.getByText('clear'));
    expect(search()).toBe('?other=x');
  });

  it('composes two updates made in the same tick', () => {
    function Both() {
      const [, update] = useUrlParams();
      return (
        <button
          onClick={() => {
            update({ a: '1' });
            update({ b: '2' });
          }}
        >
          both
        </button>
      );
    }
    renderAt('/', <Both />);
    fireEvent.click(screen.getByText('both'));
    expect(search()).toBe('?a=1&b=2');
  });
});

describe('useTriStateUrl', () => {
  function TriView() {
    const [map, setMap] = useTriStateUrl('status', { SUCCESS: -1 });
    return (
      <>
        <output aria-label="map">{JSON.stringify(map)}</output>
        <button onClick={() => setMap({ FAILED: 1 })}>failed</button>
        <button onClick={() => setMap({})}>none</button>
        <button onClick={() => setMap({ SUCCESS: -1 })}>default</button>
      </>
    );
  }

  it('uses the default while the param is absent and encodes changes in the URL', () => {
    renderAt('/', <TriView />);
    expect(screen.getByLabelText('map').textContent).toBe('{"SUCCESS":-1}');
    fireEvent.click(screen.getByText('failed'));
    expect(new URLSearchParams(search()).get('status')).toBe('FAILED:1');
    fireEvent.click(screen.getByText('none'));
    expect(search()).toBe('?status=');
    expect(screen.getByLabelText('map').textContent).toBe('{}');
    fireEvent.click(screen.getByText('default'));
    expect(search()).toBe('');
  });
});

describe('SearchBox', () => {
  it('writes to the URL only after 400 ms without typing, and resets paging', () => {
    vi.useFakeTimers();
    renderAt('/?pageIndex=3', <SearchBox param="query" placeholder="Search jobs" />);
    const input = screen.getByRole('searchbox', { name: 'Search jobs' });
    expect(input.hasAttribute('data-search')).toBe(true);
    fireEvent.change(input, { target: { value: 'sy' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.change(input, { target: { value: 'sync' } });
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(search()).toBe('?pageIndex=3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(search()).toBe('?query=sync');
  });

  it('follows the URL and clears it', () => {
    renderAt('/?query=abc', <SearchBox param="query" placeholder="Search jobs" />);
    const input = screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement;
    expect(input.value).toBe('abc');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input.value).toBe('');
    expect(search()).toBe('');
  });
});
