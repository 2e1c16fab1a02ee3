import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiPort = process.env.API_PORT ?? 8787;
const apiOrigin = `http://127.0.0.1:${apiPort}`;

/**
 * In development the reference server owns the runtime configuration; Vite asks it for the same JSON the
 * server injects into index.html in production, so `npm run dev` behaves like `npm start`.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'tix-dev-runtime-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      const response = await fetch(`${apiOrigin}/__config`).catch(() => null);
      if (!response?.ok)
        throw new Error(`The reference server is not answering on ${apiOrigin}; start it with npm run dev.`);
      const json = JSON.stringify(await response.json()).replace(/</g, '\\u003c');
      // The seller's theme (its style, and its favicon when it has one), as the server puts it into the page.
      const head = await fetch(`${apiOrigin}/__config?head`)
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '');
      const page = head.includes('rel="icon"') ? html.replace(/<link rel="icon"[^>]*>/g, '') : html;
      return page.replace(
        '</head>',
        `${head}<script id="tix-config" type="application/json">${json}</script></head>`,
      );
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every compressible file of the build, which the server
 * picks by Accept-Encoding (server/http/spa.ts). index.html is left out: the server renders it per request (with the
 * runtime configuration) and compresses it on the fly; so is the manifest, which is never served.
 */
function precompress(): Plugin {
  return compression({
    include: /\.(js|mjs|css|svg|json|txt|xml|wasm|map)$/,
    exclude: [/\.html$/, /\.vite\//],
    threshold: 1024,
    skipIfLargerOrEqual: true,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });
}

/**
 * The production build serves React's API with Preact's compatibility layer (preact/compat): the app,
 * @xstate/react, wouter and the Stripe elements keep importing `react`, the bundle carries Preact. Measured
 * (`npm run budget`, gzip first-load JS): / 110.5 → 54.4 KB, /events 117.7 → 61.5, /events/{id} 116.4 → 60.2,
 * /checkout 120.8 → 64.7; react-dom alone was 63.3 KB of the entry chunk, Preact with compat is about 8.
 * The views' and routes' tests render with the same alias (vitest.config.ts) and the e2e specs run on this
 * build. `npm run dev` keeps React, for what only React's development build gives: StrictMode's double mount
 * (tests/routes/strict-mode.test.tsx) and Fast Refresh. Exact-match patterns, so `react-dom` does not catch
 * `react-dom/client`.
 */
export const preactAlias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** A request for one of our source modules (Vite serves it), not an API call. */
export function sourceModule(req: { url?: string }): string | undefined {
  const path = (req.url ?? '').split('?')[0] ?? '';
  return /\.(ts|tsx|js|mjs|css)$/.test(path) ? req.url : undefined;
}

// One build serves any seller: assets live at /assets/, the seller slug and API base come from the runtime
// configuration the server injects into index.html.
export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), devRuntimeConfig(), precompress()],
  resolve: { alias: command === 'build' ? preactAlias : [] },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The entry and everything it imports statically (the first load of every route) in one chunk: split
        // into many small files, each compressed alone, the same code cost about 2 KB more gzip.
        codeSplitting: {
          groups: [{ name: 'app', test: /\/routes\/main\.tsx$/, includeDependenciesRecursively: true }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // The API lives under /api/ and /cached/api/, and so do the client's own source modules (/api/index.ts …):
    // module requests stay with Vite, everything else goes to the reference server.
    proxy: {
      '/api': { target: apiOrigin, bypass: sourceModule },
      '/cached': { target: apiOrigin, bypass: sourceModule },
    },
  },
}));
