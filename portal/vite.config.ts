import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The portal is served by the API server at `/` (D1) from `portal/dist`; in development Vite
 * serves it and forwards `/api` to the API server.
 */
export default defineConfig({
  plugins: [react()],
  base: '/',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Shared by the map and the payments chart: its own small chunk, so neither drags in the other.
            {
              name: 'd3-shared',
              test: /node_modules[\\/](d3-array|internmap)[\\/]/,
              priority: 1.7,
            },
            // Map geometry weighs ~90 kB gzipped: only Territory Scout loads it.
            {
              name: 'territory-map',
              test: /node_modules[\\/](us-atlas|@svg-maps|d3-geo|d3-array|topojson-client)[\\/]/,
              priority: 1.5,
            },
            // The payments chart (recharts and its dependencies): only /payments loads it.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/,
              priority: 1.4,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
