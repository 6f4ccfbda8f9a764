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
/**
 * Resolves once the browser has painted a frame, so the start-up screen shows before any start-up work;
 * a tab opened in the background paints no frame, and starts after 200 ms all the same.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    window.requestAnimationFrame(() => window.setTimeout(resolve, 0));
    window.setTimeout(resolve, 200);
  });

// Every start-up chunk is already downloading in parallel (index.html preloads them, see vite.config.ts);
// they are evaluated one group at a time, each in its own task, so a slow phone never spends one long
// block on all of them: React, React DOM, the styling engine and theme, the texts, Redux's libraries,
// RTK Query's, our API, the store, the session check (which goes out while the rest is evaluated), the router
// library, the frame every page sits in, the routes (whose creation starts loading the first page) and
// last the app itself. The libraries are chunks of their own (see vite.config.ts). Stages are our own
// modules (React's two aside): a library imported here whole would keep every one of its exports in
// the bundle, used or not.
const stages: (() => Promise<unknown>)[] = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('./app/styleEngine'),
  () => import('./app/i18n'),
  () => import('./app/stages/reduxLibraries'),
  () => import('./app/stages/queryLibraries'),
  () => import('./api/baseApi'),
  () => import('./app/store'),
  () => import('./app/startStoredSession').then(({ startStoredSession }) => startStoredSession()),
  () => import('./app/stages/routerLibrary'),
  () => import('./app/AppFrame'),
  () => import('./app/router'),
  () => import('./app/startApp'),
];

void (async () => {
  await afterFirstPaint();
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
})();
