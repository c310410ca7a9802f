import { relativeRangeFromOption } from '@ops/shared';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { UrlTimeRangePicker } from './url-time-range-picker';
import { useTimeRangeParams } from './use-time-range-params';

const defaultRange = relativeRangeFromOption('2d');

/** A page like Jobs History: the picker plus the dates its query would use. */
function Page() {
  const location = useLocation();
  const { fromIso, toIso, isDefault } = useTimeRangeParams({ defaultRange, resetParams: ['pageIndex'] });
  return (
    <>
      <UrlTimeRangePicker defaultRange={defaultRange} resetParams={['pageIndex']} />
      <output aria-label="search">{location.search}</output>
      <output aria-label="query">{`${fromIso ?? ''}|${toIso ?? ''}|${isDefault ? 'default' : 'url'}`}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const search = () => new URLSearchParams(screen.getByLabelText('search').textContent ?? '');
const query = () => (screen.getByLabelText('query').textContent ?? '').split('|');
const spanMs = () => new Date(query()[1]!).getTime() - new Date(query()[0]!).getTime();
/** Expected span of 'now-{days}d' in local calendar days, so the tests also hold across a DST change. */
const daysBackMs = (days: number) => {
  const to = new Date(query()[1]!);
  const from = new Date(to);
  from.setDate(from.getDate() - days);
  return to.getTime() - from.getTime();
};
const openPicker = (user: ReturnType<typeof userEvent.setup>, name: RegExp) => user.click(screen.getByRole('button', { name }));

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('TimeRangePicker bound to the URL', () => {
  it('uses the default range without touching the URL', () => {
    renderAt('/');
    expect(screen.getByRole('button', { name: /Last 2 days/ })).toBeTruthy();
    expect(search().toString()).toBe('');
    expect(query()[2]).toBe('default');
    expect(spanMs()).toBe(daysBackMs(2));
  });

  it('writes a relative option to rangeType, display and range and resets paging', async () => {
    const user = userEvent.setup();
    renderAt('/?pageIndex=3');
    await openPicker(user, /Last 2 days/);
    await user.click(screen.getByRole('button', { name: 'Last 1 hour' }));
    expect(search().toString()).toBe('rangeType=relative&display=Last+1+hour&range=now-1h');
    expect(query()[2]).toBe('url');
    expect(spanMs()).toBe(3_600_000);
    expect(screen.getByRole('button', { name: /Last 1 hour/ })).toBeTruthy();
  });

  it("shows 'Invalid relative time range' for a bad custom range and accepts a good one", async () => {
    const user = userEvent.setup();
    renderAt('/');
    await openPicker(user, /Last 2 days/);
    const input = screen.getByLabelText('Custom relative range');
    await user.clear(input);
    await user.type(input, 'now-5x');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid relative time range');
    expect(search().toString()).toBe('');
    await user.clear(input);
    await user.type(input, '90m{Enter}');
    expect(search().get('range')).toBe('now-90m');
    expect(search().get('display')).toBe('Last 90 minutes');
    expect(spanMs()).toBe(90 * 60_000);
  });

  it('writes a mapped range by name', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await openPicker(user, /Last 2 days/);
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(search().toString()).toBe('rangeType=mapped&display=Yesterday&timeRange=Yesterday');
    const start = new Date(query()[0]!);
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getMilliseconds()]).toEqual([0, 0, 0, 0]);
    expect(new Date(start.getTime() + spanMs() + 1).getDate()).not.toBe(start.getDate()); // ends at the day's last ms
    expect(spanMs()).toBeGreaterThan(20 * 3_600_000);
  });

  it('keeps Submit disabled until From and To are set, then writes from/to and remembers the range once', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const applyAbsolute = async (from: string, to: string) => {
      await openPicker(user, /Time range/);
      const dialog = screen.getByRole('dialog');
      const submit = within(dialog).getByRole('button', { name: 'Submit' });
      await user.clear(within(dialog).getByLabelText('From'));
      await user.clear(within(dialog).getByLabelText('To'));
      expect(submit).toHaveProperty('disabled', true);
      await user.type(within(dialog).getByLabelText('From'), from);
      expect(submit).toHaveProperty('disabled', true);
      await user.type(within(dialog).getByLabelText('To'), to);
      expect(submit).toHaveProperty('disabled', false);
      await user.click(submit);
    };
    await applyAbsolute('2025-03-01T10:00', '2025-03-01T12:30');
    expect(search().get('rangeType')).toBe('absolute');
    expect(search().get('from')).toBe(new Date('2025-03-01T10:00').toISOString());
    expect(search().get('to')).toBe(new Date('2025-03-01T12:30').toISOString());
    expect(spanMs()).toBe(150 * 60_000);
    await applyAbsolute('2025-03-02T00:00', '2025-03-03T00:00');
    await applyAbsolute('2025-03-01T10:00', '2025-03-01T12:30');
    const stored = JSON.parse(window.localStorage.getItem('recentlyUsedTimeRanges')!) as { from: string }[];
    expect(stored.map((r) => r.from)).toEqual([new Date('2025-03-01T10:00').toISOString(), new Date('2025-03-02T00:00').toISOString()]);
    await openPicker(user, /Time range/);
    const recent = screen.getByRole('region', { name: 'Recently used absolute ranges' });
    expect(within(recent).getAllByRole('button')).toHaveLength(2);
  });

  it('refuses a From after To', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await openPicker(user, /Last 2 days/);
    await user.type(screen.getByLabelText('From'), '2025-03-02T00:00');
    await user.type(screen.getByLabelText('To'), '2025-03-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('From must be before To');
    expect(search().toString()).toBe('');
  });

  it('falls back to the default and says why when the URL holds a bad relative range', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/?rangeType=relative&display=x&range=now-2q');
    expect(screen.getByRole('alert').textContent).toBe('Invalid relative time range');
    expect(query()[2]).toBe('default');
    expect(spanMs()).toBe(daysBackMs(2));
    expect(log).toHaveBeenCalledWith('Invalid relative time range');
    log.mockRestore();
  });

  it('clears the range from the URL', async () => {
    const user = userEvent.setup();
    const router = renderAt('/?rangeType=mapped&display=Today&timeRange=Today&q=1');
    await openPicker(user, /Today/);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search().toString()).toBe('q=1');
    await act(() => router.navigate(-1));
    expect(search().get('timeRange')).toBe('Today');
  });
});
