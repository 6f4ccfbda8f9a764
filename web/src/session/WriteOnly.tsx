import type { ReactNode } from 'react';
import { useCanWrite } from './useCanWrite';

/** Its children (a write button, a form's Save) only for an account that may write: nothing for an auditor. */
export function WriteOnly({ children }: { children: ReactNode }) {
  return useCanWrite() ? children : null;
}
