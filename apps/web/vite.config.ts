import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const SERVER = 'http://localhost:3000';

/** Paths the backend owns; in development Vite forwards them to the server process. */
const SERVER_PATHS = [
  '/idp',
  '/user',
  '/api',
  '/live-ops',
  '/composer',
  '/content',
  '/transfer',
  '/sandbox',
  '/config.json',
  '/healthz',
];

// The sign-in screen lives under /idp/interaction/:uid but is an SPA page, so browser page
// loads of it are answered by Vite while its POST (…/login) still reaches the provider.
const isSignInPage = (url = '', accept = '') =>
  /^\/idp\/interaction\/[^/?]+\/?(\?.*)?$/.test(url) && accept.includes('text/html');

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  SERVER_PATHS.map((path) => [
    path,
    {
      target: SERVER,
      changeOrigin: false,
      bypass: (req) =>
        req.method === 'GET' && isSignInPage(req.url, req.headers.accept) ? '/index.html' : null,
    },
  ]),
);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
