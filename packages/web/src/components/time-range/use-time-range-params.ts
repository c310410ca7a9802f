import { resolveTimeRange, type TimeRange } from '@ops/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readTimeRange, timeRangeKey, writeTimeRange } from './time-range-params';

export interface UseTimeRangeParamsOptions {
  /** Used while the URL holds no range (it is not written to the URL). */
  defaultRange?: TimeRange;
  /** Prefix of the param names, for a page with more than one picker. */
  prefix?: string;
  /** Params removed whenever the range changes (e.g. 'pageIndex'). */
  resetParams?: readonly string[];
}

export interface TimeRangeState {
  /** The range in effect: the URL's, else the default. */
  range: TimeRange | undefined;
  /** True when the URL holds no (valid) range and the default is used. */
  isDefault: boolean;
  from: Date | undefined;
  to: Date | undefined;
  /** ISO strings for queries, e.g. `created_at=gt.${fromIso}`. */
  fromIso: string | undefined;
  toIso: string | undefined;
  /** Why the URL's range was ignored ('Invalid relative time range', …). */
  error: string | undefined;
  setRange: (range: TimeRange) => void;
  clear: () => void;
  /** Re-evaluates 'now' for relative and mapped ranges (call it from a page's refresh button). */
  refresh: () => void;
}

function resolve(range: TimeRange | undefined, now: Date): { from?: Date; to?: Date; error?: string } {
  if (!range) return {};
  try {
    return resolveTimeRange(range, now);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * Reads and writes the time range in the URL (rangeType, display, from, to, range, timeRange) and
 * resolves it to dates once per change, so query keys stay stable between renders. A bad range in
 * the URL is logged, reported as `error`, and the default range is used instead.
 */
export function useTimeRangeParams(options: UseTimeRangeParamsOptions = {}): TimeRangeState {
  const { defaultRange, prefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const [nonce, setNonce] = useState(0);
  const urlKey = timeRangeKey(readTimeRange(params, prefix));
  const defaultKey = timeRangeKey(defaultRange);
  const resetKey = (options.resetParams ?? []).join(',');

  const resolved = useMemo(() => {
    void nonce; // a new nonce means "evaluate now again"
    const now = new Date();
    const fromUrl = readTimeRange(params, prefix);
    const urlResult = resolve(fromUrl, now);
    if (fromUrl && !urlResult.error) return { range: fromUrl, isDefault: false, ...urlResult };
    if (urlResult.error) console.error(urlResult.error);
    return { range: defaultRange, isDefault: true, ...resolve(defaultRange, now), error: urlResult.error };
    // Keyed on the ranges' identities, not object identity, so a literal default does not re-resolve.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey, defaultKey, nonce]);

  const update = useCallback(
    (range: TimeRange | undefined) => {
      setParams(
        (current) => {
          const next = writeTimeRange(current, range, prefix);
          for (const key of resetKey ? resetKey.split(',') : []) next.delete(key);
          return next;
        },
        { replace: false },
      );
    },
    [setParams, prefix, resetKey],
  );

  return {
    range: resolved.range,
    isDefault: resolved.isDefault,
    from: resolved.from,
    to: resolved.to,
    fromIso: resolved.from?.toISOString(),
    toIso: resolved.to?.toISOString(),
    error: resolved.error,
    setRange: update,
    clear: useCallback(() => update(undefined), [update]),
    refresh: useCallback(() => setNonce((n) => n + 1), []),
  };
}
