import { useEffect } from 'react';
import { hideSplash } from './hideSplash';

/** Rendered beside the first page inside its Suspense boundary: its effect runs once that page is on screen. */
export function SplashDone() {
  useEffect(hideSplash, []);
  return null;
}
