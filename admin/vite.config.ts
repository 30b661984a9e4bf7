import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The admin app is served by the API server under /control-panel/ (rule 1): assets are built with
 * that base, and in development `/api` is proxied to the API so the app keeps one origin.
 */
export default defineConfig({
  base: '/control-panel/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: true },
    },
  },
  preview: { port: 4174 },
});
