import { Suspense, useState, type ReactNode } from 'react';
import { Spinner } from './Spinner';

/**
 * Where a dialog whose code loads on first use is rendered: the page's spinner shows over the page
 * while that code arrives (once; the browser keeps it).
 */
export function DialogCode({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner size="large" fullScreen />}>{children}</Suspense>;
}

/**
 * True from the first time `open` is true: a dialog whose code loads on first use is mounted then, and
 * stays mounted, so it can still animate out and open again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
