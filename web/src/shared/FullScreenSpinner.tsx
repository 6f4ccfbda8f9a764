import { Spinner } from './Spinner';

/** Shown while the session is being decided and while a page's code loads. */
export function FullScreenSpinner() {
  return <Spinner size="large" fullScreen />;
}
