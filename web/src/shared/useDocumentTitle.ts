import { useLayoutEffect } from 'react';

/** Spec §1: the brand alone signed out, brand + tagline for institutions, brand + System Administrator for admins. */
export function useDocumentTitle(title: string): void {
  // Set in the commit that shows the page, not after it has painted.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
