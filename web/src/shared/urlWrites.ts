/** A location as the router renders it: only what a list's filters depend on. */
export type ShownLocation = { pathname: string; search: string };

/**
 * The filters list pages wrote to the URL that no render has shown yet, oldest first.
 *
 * The router hands `setSearchParams` the params of the render a handler comes from, not the URL, and
 * it renders each navigation in a transition that may commit later, one at a time. A change must build
 * on the last one written even when the render showing it has not committed: a second click before
 * the first rendered, or Rows per page then a sort while the previous page's location was committing
 * (the sort wrote the URL without the page size in CI runs).
 *
 * A write waits here until a render shows it: the writes before it are then shown or overtaken and are
 * dropped with it. A location that was never written here (Back, a link, a new visit) drops every
 * write. Locations are compared as objects, so a shown location is counted once however many lists
 * render it.
 */
export function createUrlWrites() {
  let shown: ShownLocation | null = null;
  let pending: string[] = [];

  const keyOf = (pathname: string, search: string) => `${pathname}?${new URLSearchParams(search).toString()}`;

  return {
    /** A render committed `location` (called from a layout effect, before the browser delivers another event). */
    shown(location: ShownLocation) {
      if (location === shown) return;
      shown = location;
      const at = pending.lastIndexOf(keyOf(location.pathname, location.search));
      pending = at === -1 ? [] : pending.slice(at + 1);
    },
    /** `search` was written over the location shown. */
    wrote(pathname: string, search: URLSearchParams) {
      pending.push(keyOf(pathname, search.toString()));
    },
    /** The params a change builds on: the last write not yet shown, else the location last shown. */
    latest(rendered: ShownLocation): URLSearchParams {
      const last = pending.at(-1);
      return new URLSearchParams(last === undefined ? (shown ?? rendered).search : last.slice(last.indexOf('?') + 1));
    },
  };
}

/** One for the page: every list's filters share the URL. */
export const urlWrites = createUrlWrites();
