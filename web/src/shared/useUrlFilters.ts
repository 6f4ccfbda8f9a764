import { useLayoutEffect, useMemo } from 'react';
import { useLocation, useSearchParams, type Location } from 'react-router';

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
  // Committed before the browser can deliver another click: from then on every handler builds on it (see `written`).
  useLayoutEffect(() => {
    shown = rendered;
  }, [rendered]);
  // Stable while the URL and the defaults are, so effects may depend on what it returns.
  const defaultsKey = JSON.stringify(defaults);
  return useMemo(
    () => filtersOf(params, setParams, rendered, JSON.parse(defaultsKey) as Record<string, string>),
    [params, setParams, rendered, defaultsKey],
  );
}

const NO_DEFAULTS: Record<string, string> = {};

/**
 * The search this page last wrote, and the location last shown when it was written. The router hands
 * `setParams` the params of the render a handler comes from, not the URL: a second change made before
 * React renders the first (a fast click, a slow phone) would write the URL back without the first, and
 * so would a handler of a component last rendered at an older location (Rows per page, then a sort:
 * the sort lost the page size in a CI run). Every handler builds on the location last shown, or on
 * what was written over it until a newer one is shown. Locations are compared as objects: the router
 * makes a new one for every navigation, Back included, so a key the browser reuses (the first page's
 * "default") cannot bring back what was written over another visit.
 */
let written: { over: Location; search: string } | null = null;
/** The location last committed by any `useUrlFilters` (every one of them renders again when it changes). */
let shown: Location | null = null;

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

  /** The URL's params as last written on this page, or as last shown when nothing was written since. */
  const latest = () => {
    const current = shown ?? rendered;
    return new URLSearchParams(written?.over === current ? written.search : current.search);
  };

  const set = (changes: Record<string, UrlFilterValue>, { push = false }: SetOptions = {}) => {
    const next = latest();
    for (const [key, raw] of Object.entries(changes)) {
      const value = raw === null || raw === undefined ? '' : String(raw);
      if (value === '' || value === defaults[key]) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    written = { over: shown ?? rendered, search: next.toString() };
    setParams(next, { replace: !push });
  };

  /** Removes the given keys (every key when none is given), back to page 1. */
  const clear = (keys?: readonly string[], options?: SetOptions) =>
    set(Object.fromEntries((keys ?? [...latest().keys()]).map((key) => [key, null])), options);

  return { params, get, oneOf, set, clear };
}
