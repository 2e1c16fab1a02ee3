import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      return html.replace(
        '</head>',
        `<script id="tix-config" type="application/json">${json}</script></head>`,
      );
    },
  };
}

// One build serves any seller: assets live at /assets/, the seller slug and API base come from the runtime
// configuration the server injects into index.html.
export default defineConfig({
  base: '/',
  plugins: [react(), devRuntimeConfig()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiOrigin,
      '/cached': apiOrigin,
    },
  },
});
