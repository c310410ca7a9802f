import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RefreshRateDropdown } from './refresh-rate-dropdown';
import { effectiveRefreshRate, isRefreshRateDisabled, refreshIntervalMs } from './refresh-rate-rules';
import { useRefreshRate } from './use-refresh-rate';

const MIN = 60_000;

describe('refresh-rate rules', () => {
  it('disables 15s and 30s from 60 minutes of range', () => {
    expect(isRefreshRateDisabled('15s', 59 * MIN)).toBe(false);
    expect(isRefreshRateDisabled('30s', 59 * MIN)).toBe(false);
    expect(isRefreshRateDisabled('15s', 60 * MIN)).toBe(true);
    expect(isRefreshRateDisabled('30s', 60 * MIN)).toBe(true);
    expect(isRefreshRateDisabled('60s', 60 * MIN)).toBe(false);
    expect(isRefreshRateDisabled('2m', 60 * MIN)).toBe(false);
  });
  it('disables 2m and 3m from 180 minutes of range', () => {
    expect(isRefreshRateDisabled('2m', 179 * MIN)).toBe(false);
    expect(isRefreshRateDisabled('3m', 180 * MIN)).toBe(true);
    expect(isRefreshRateDisabled('2m', 180 * MIN)).toBe(true);
    expect(isRefreshRateDisabled('5m', 10_000 * MIN)).toBe(false);
    expect(isRefreshRateDisabled('None', 10_000 * MIN)).toBe(false);
    expect(isRefreshRateDisabled('15s', undefined)).toBe(false);
  });
  it('falls back to the next allowed slower rate', () => {
    expect(effectiveRefreshRate('15s', 30 * MIN)).toBe('15s');
    expect(effectiveRefreshRate('15s', 2 * 60 * MIN)).toBe('60s');
    expect(effectiveRefreshRate('2m', 24 * 60 * MIN)).toBe('5m');
    expect(effectiveRefreshRate('None', 1)).toBe('None');
    expect(effectiveRefreshRate('7s', 1)).toBe('None');
    expect(refreshIntervalMs('2m')).toBe(2 * MIN);
    expect(refreshIntervalMs('None')).toBeUndefined();
  });
});

describe('useRefreshRate', () => {
  beforeEach(() => window.localStorage.clear());
  it('persists the choice under the key unless it is None', () => {
    const { result } = renderHook(() => useRefreshRate('health-refresh-rate', 30 * MIN));
    expect(result.current.rate).toBe('None');
    expect(result.current.intervalMs).toBe(false);
    act(() => result.current.setRate('30s'));
    expect(window.localStorage.getItem('health-refresh-rate')).toBe('30s');
    expect(result.current.intervalMs).toBe(30_000);
    act(() => result.current.setRate('None'));
    expect(window.localStorage.getItem('health-refresh-rate')).toBeNull();
  });
  it('reads the stored rate, ignores junk and applies the range rule', () => {
    window.localStorage.setItem('k', '15s');
    const { result } = renderHook(() => useRefreshRate('k', 3 * 60 * MIN));
    expect(result.current.rate).toBe('15s');
    expect(result.current.effectiveRate).toBe('60s');
    expect(result.current.intervalMs).toBe(60_000);
    window.localStorage.setItem('j', '7 seconds');
    expect(renderHook(() => useRefreshRate('j')).result.current.rate).toBe('None');
  });
});

describe('RefreshRateDropdown', () => {
  afterEach(cleanup);
  it('shows the options the range rules out as disabled', async () => {
    const user = userEvent.setup();
    render(<RefreshRateDropdown value="None" onChange={() => undefined} rangeMs={180 * MIN} />);
    await user.click(screen.getByRole('combobox', { name: 'Refresh rate' }));
    const disabled = screen
      .getAllByRole('option')
      .filter((o) => o.getAttribute('aria-disabled') === 'true')
      .map((o) => o.textContent);
    expect(disabled).toEqual(['Every 15 seconds', 'Every 30 seconds', 'Every 2 minutes', 'Every 3 minutes']);
    expect(screen.getAllByRole('option')).toHaveLength(9);
  });
});
