import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

/**
 * The renderer is built once into dist/renderer and served by the server (history fallback); its
 * server entry (`--ssr src/entry-server.tsx`) into dist/renderer-ssr, which the server loads to
 * draw a page's first screen into the HTML (plugins/external/renderer.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  // Every <script>/<link> of index.html carries this placeholder; the server swaps in a fresh
  // nonce per response and names it in the Content-Security-Policy.
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: {
    outDir: fileURLToPath(new URL(isSsrBuild ? '../dist/renderer-ssr' : '../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload the lazy chunks a page's first screen needs (first-screen.ts).
    manifest: !isSsrBuild,
    // The service worker is a second entry, written as /sw.js (its scope is the path it is served from: the whole app).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: { index: fileURLToPath(new URL('index.html', import.meta.url)), sw: fileURLToPath(new URL('src/service-worker/worker.ts', import.meta.url)) },
          output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
        },
  },
  // The server entry bundles the icon set it uses (lucide-react's package entry loads every icon it has: seconds on a busy machine).
  ssr: { noExternal: ['lucide-react'] },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/health': 'http://127.0.0.1:3000' },
  },
}));
