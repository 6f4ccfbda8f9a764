import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` talks to a running platform (npm start, port 8080 by default) through this proxy.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

/**
 * main.ts evaluates the start-up chunks one group at a time (see there); this names every chunk those
 * groups need in index.html as `modulepreload`, so the browser fetches and compiles them all in
 * parallel from the first byte. Vite's own preloading of a lazy route's chunks is off (see below).
 *
 * None of the scripts is needed for the first paint (index.html's start-up screen is plain markup and
 * CSS), so the entry and the preloads are fetched at low priority (`fetchpriority="low"`): the browser
 * still starts them all at once, and what measures the first paint does not count them as blocking it.
 */
function preloadStartup(): Plugin {
  return {
    name: 'preload-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}">`;
        if (!html.includes(entryTag)) throw new Error(`preload-startup: the entry's script tag is not in index.html (${entryTag})`);
        return {
          html: html.replace(entryTag, `<script type="module" crossorigin fetchpriority="low" src="/${entry.fileName}">`),
          tags: [...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test run: NODE_ENV=test would
  // otherwise ship React's development code.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), preloadStartup()],
    // The page's Content-Security-Policy allows only the `<style>` elements that carry its nonce: Vite puts
    // this placeholder on index.html's style, script and preload tags and in `<meta property="csp-nonce">`,
    // and whoever serves the page (src/http/webApp.ts, deploy/nginx.conf) replaces it with a fresh nonce
    // (CSP_NONCE_PLACEHOLDER in src/http/securityHeaders.ts). The app reads it from the meta (app/cspNonce.ts).
    html: { cspNonce: '__CSP_NONCE__' },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      // Vite would insert a <link rel=modulepreload> per chunk a lazy route needs, one by one, when the
      // route loads: on a slow phone that cost a signed-in page 50-75 ms of main thread per route. The
      // browser fetches a route's chunks from its import statements instead (most are loaded already).
      modulePreload: false,
      rolldownOptions: {
        output: {
          // The libraries main.ts evaluates as stages of their own: each its own chunk, so each its own task.
          codeSplitting: {
            groups: [
              { name: 'redux', test: /node_modules[\\/](redux|immer|reselect|@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit)/ },
              { name: 'rtk-query', test: /node_modules[\\/](react-redux|@reduxjs[\\/]toolkit[\\/]dist[\\/](query|react))/ },
              { name: 'react-router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
