import { hideSplash } from './app/hideSplash';
import { forgetReloadLater, reloadOnce } from './app/reloadOnce';

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});
forgetReloadLater();
// Never leave the start-up screen up, whatever happens to the first page.
window.setTimeout(hideSplash, 15_000);

/** Lets the browser breathe (paint, input) between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

// Every start-up chunk is already downloading in parallel (index.html preloads them, see vite.config.ts);
// they are evaluated one group at a time, each in its own task, so a slow phone never spends one long
// block on all of them: React, React DOM, the styling engine and theme, the texts, the store (whose
// session check then goes out while the rest is evaluated), the frame every page sits in (with the
// router library), the routes (whose creation starts loading the first page) and last the app itself.
// Stages are our own modules (React's two aside): a library imported here whole would keep every one
// of its exports in the bundle, used or not.
const stages: (() => Promise<unknown>)[] = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('./app/styleEngine'),
  () => import('./app/i18n'),
  () => import('./app/startStoredSession').then(({ startStoredSession }) => startStoredSession()),
  () => import('./app/AppFrame'),
  () => import('./app/router'),
  () => import('./app/startApp'),
];

void (async () => {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
})();
