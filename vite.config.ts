import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One build serves any seller: assets live at /assets/, the seller slug and API base come from the runtime
// configuration the server injects into index.html.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8787}`,
      '/cached': `http://127.0.0.1:${process.env.API_PORT ?? 8787}`,
      '/__config': `http://127.0.0.1:${process.env.API_PORT ?? 8787}`,
    },
  },
});
