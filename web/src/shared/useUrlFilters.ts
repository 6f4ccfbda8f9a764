import { useLayoutEffect, useMemo } from 'react';
import { useLocation, useSearchParams, type Location } from 'react-router';
import { urlWrites } from './urlWrites';

export type UrlFilterValue = string | number | null | undefined;

type SetOptions = {
  /** Adds a history entry (Back returns to the previous view) instead of replacing the current one. */
  push?: boolean;
};

/**
 * A list's filters kept in the URL, so a view can be shared and survives a refresh (one hook for every
 * list). `defaults` are the values a key takes when the URL does not name it; a key set to its default,
 * to '' or to null leaves the URL. Any change that does not name `page` sends the list back to page 1.
 */
export function useUrlFilters(defaults: Record<string, string> = NO_DEFAULTS) {
  const [params, setParams] = useSearchParams();
  const rendered = useLocation();
  // Committed before the browser can deliver another click: from then on every handler builds on it.
  useLayoutEffect(() => urlWrites.shown(rendered), [rendered]);
  // Stable while the URL and the defaults are, so effects may depend on what it returns.
  const defaultsKey = JSON.stringify(defaults);
  return useMemo(
    () => filtersOf(params, setParams, rendered, JSON.parse(defaultsKey) as Record<string, string>),
    [params, setParams, rendered, defaultsKey],
  );
}

const NO_DEFAULTS: Record<string, string> = {};

function filtersOf(
  params: URLSearchParams,
  setParams: ReturnType<typeof useSearchParams>[1],
  rendered: Location,
  defaults: Record<string, string>,
) {
  /** The key's value from the URL, else its default, else ''. */
  const get = (key: string): string => params.get(key) ?? defaults[key] ?? '';

  /** The key's value when it is one of `allowed`, else `fallback` (a hand-edited URL cannot select what does not exist). */
  const oneOf = <T extends string>(key: string, allowed: readonly T[], fallback: T): T =>
    allowed.find((value) => value === get(key)) ?? fallback;

  /** The URL's params as last written on this page, or as last shown when every write was shown. */
  const latest = () => urlWrites.latest(rendered);

  const set = (changes: Record<string, UrlFilterValue>, { push = false }: SetOptions = {}) => {
    const next = latest();
    for (const [key, raw] of Object.entries(changes)) {
      const value = raw === null || raw === undefined ? '' : String(raw);
      if (value === '' || value === defaults[key]) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    urlWrites.wrote(rendered.pathname, next);
    setParams(next, { replace: !push });
  };

  /** Removes the given keys (every key when none is given), back to page 1. */
  const clear = (keys?: readonly string[], options?: SetOptions) =>
    set(Object.fromEntries((keys ?? [...latest().keys()]).map((key) => [key, null])), options);

  return { params, get, oneOf, set, clear };
}
