import { useCallback, useMemo } from 'react';
import { decodeTriState, encodeTriState, type TriStateMap } from './tri-state';
import { useUrlState } from './use-url-state';

/**
 * A tri-state map held in one URL param. With a default (e.g. {SUCCESS: -1}), the param is absent
 * while the default applies and is written as '' when the user clears every value.
 */
export function useTriStateUrl(
  param: string,
  defaultMap: Readonly<TriStateMap> = {},
  resetParams: readonly string[] = ['pageIndex'],
): [TriStateMap, (map: TriStateMap) => void] {
  const encodedDefault = encodeTriState(defaultMap);
  const [raw, setRaw] = useUrlState(param, encodedDefault || undefined, { resetParams });
  const map = useMemo(() => decodeTriState(raw), [raw]);
  const set = useCallback((next: TriStateMap) => setRaw(encodeTriState(next)), [setRaw]);
  return [map, set];
}
