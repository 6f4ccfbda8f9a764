import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` talks to a running platform (npm start, port 8080 by default) through this proxy.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test run: NODE_ENV=test would
  // otherwise ship React's development code.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  };
});
