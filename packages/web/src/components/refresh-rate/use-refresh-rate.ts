import { REFRESH_RATE_OPTIONS } from '@ops/shared';
import { useCallback, useState } from 'react';
import { effectiveRefreshRate, NO_REFRESH, refreshIntervalMs, type RefreshRate } from './refresh-rate-rules';

function load(storageKey: string, fallback: RefreshRate): RefreshRate {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return stored && REFRESH_RATE_OPTIONS.includes(stored as RefreshRate) ? (stored as RefreshRate) : fallback;
  } catch {
    return fallback;
  }
}

export interface RefreshRateState {
  /** What the user chose (shown in the dropdown). */
  rate: RefreshRate;
  setRate: (rate: RefreshRate) => void;
  /** The rate in effect for the current time range (see effectiveRefreshRate). */
  effectiveRate: RefreshRate;
  /** For refetchInterval: milliseconds, or false when not refreshing. */
  intervalMs: number | false;
}

/**
 * The refresh rate kept in localStorage under `storageKey` (e.g. the health refresh-rate key).
 * Choosing 'None' removes the key instead of storing it.
 */
export function useRefreshRate(storageKey: string, rangeMs?: number, fallback: RefreshRate = NO_REFRESH): RefreshRateState {
  const [rate, setRateState] = useState<RefreshRate>(() => load(storageKey, fallback));
  const setRate = useCallback(
    (next: RefreshRate) => {
      setRateState(next);
      try {
        if (next === NO_REFRESH) window.localStorage.removeItem(storageKey);
        else window.localStorage.setItem(storageKey, next);
      } catch {
        // Storage disabled: the choice lasts for this page only.
      }
    },
    [storageKey],
  );
  const effectiveRate = effectiveRefreshRate(rate, rangeMs);
  return { rate, setRate, effectiveRate, intervalMs: refreshIntervalMs(effectiveRate) ?? false };
}
