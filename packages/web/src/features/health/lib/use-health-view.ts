import { useMemo } from 'react';
import { useUrlParams } from '../../../components/filters';
import { HEALTH_DEFAULTS, readHealthView, type HealthView } from './dashboard-params';

/** The dashboard defaults as URL defaults: writing a default value removes the param. */
const URL_DEFAULTS: Record<string, string> = { ...HEALTH_DEFAULTS };

/**
 * The dashboard state held in the URL (spec: every parameter in the URL) and one updater that
 * writes several params at once; values equal to their defaults are dropped from the URL.
 */
export function useHealthView(): [HealthView, (patch: Record<string, string | undefined>, push?: boolean) => void] {
  const [params, update] = useUrlParams(URL_DEFAULTS);
  const key = params.toString();
  // Keyed on the text of the params so the view object is stable between unrelated renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(() => readHealthView(params), [key]);
  const set = useMemo(() => (patch: Record<string, string | undefined>, push = false) => update(patch, { replace: !push }), [update]);
  return [view, set];
}
