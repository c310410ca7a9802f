import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { patchParams, type ParamPatch } from './url-params';

export interface UrlStateOptions {
  /** Params to clear whenever this one changes (e.g. pageIndex when a filter changes). */
  resetParams?: readonly string[];
  /** Replace the history entry instead of pushing one (default true: filters should not flood Back). */
  replace?: boolean;
}

/**
 * A batch updater for URL-held state. Successive calls in one tick compose because the latest
 * params are kept in a ref (React Router's functional setter sees the params of the last render).
 */
export function useUrlParams(defaults: Readonly<Record<string, string | undefined>> = {}) {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const defaultsRef = useRef(defaults);
  // Updates run from event handlers, i.e. after this commit, so the refs are current by then.
  useEffect(() => {
    latest.current = params;
    defaultsRef.current = defaults;
  });
  const update = useCallback(
    (patch: ParamPatch, options: { replace?: boolean } = {}) => {
      const next = patchParams(latest.current, patch, defaultsRef.current);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next, { replace: options.replace ?? true, preventScrollReset: true });
    },
    [setParams],
  );
  return [params, update] as const;
}

/**
 * One URL query param as React state. Reading gives the param or the default; writing the default
 * (or undefined) removes the param so URLs stay short.
 */
export function useUrlState(
  name: string,
  defaultValue?: string,
  options: UrlStateOptions = {},
): [string | undefined, (value: string | undefined) => void] {
  const [params, update] = useUrlParams(defaultValue === undefined ? {} : { [name]: defaultValue });
  const raw = params.get(name);
  const value = raw ?? defaultValue;
  const resetKey = (options.resetParams ?? []).join(',');
  const replace = options.replace;
  const set = useCallback(
    (next: string | undefined) => {
      const patch: ParamPatch = { [name]: next };
      for (const key of resetKey ? resetKey.split(',') : []) patch[key] = undefined;
      update(patch, { replace });
    },
    [name, resetKey, replace, update],
  );
  return [value, set];
}
