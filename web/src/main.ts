import { hideSplash } from './app/hideSplash';
import { forgetReloadLater, reloadOnce } from './app/reloadOnce';

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});
forgetReloadLater();
// Never leave the start-up screen up, whatever happens to the first page.
window.setTimeout(hideSplash, 15_000);

// Everything downloads in parallel, but React, the styling engine and the app are evaluated as they
// arrive, each in its own task: a slow phone never spends one long block on all of them at once.
void import('react-dom/client');
void import('./app/styleEngine');
void import('./app/startApp');
