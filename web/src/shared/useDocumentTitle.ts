import { useEffect } from 'react';

/** Spec §1: the brand alone signed out, brand + tagline for institutions, brand + System Administrator for admins. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
