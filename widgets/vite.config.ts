import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const BUNDLE = 'fm-widgets.js';

/** Prints the gzip size of the bundle partners download, so that growth is noticed. */
function reportGzipSize(): Plugin {
  let outDir = resolve(root, 'dist');
  return {
    name: 'fm-report-gzip-size',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const file = resolve(outDir, BUNDLE);
      const raw = readFileSync(file);
      const gzipped = gzipSync(raw, { level: 9 });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(`[fm-widgets] ${BUNDLE}: ${kb(raw.length)} raw, ${kb(gzipped.length)} gzip`);
    },
  };
}

/** Ships the demo page's script beside the bundle (the server serves it at /widgets/demo.js). */
function demoScript(): Plugin {
  return {
    name: 'fm-demo-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'demo.js',
        source: readFileSync(resolve(root, 'demo/demo.js'), 'utf8'),
      });
    },
  };
}

/**
 * Builds the one ES module partners embed (D14): widgets/dist/fm-widgets.js, defining every
 * fm-* custom element, with React bundled in. The server serves it at /widgets/fm-widgets.js.
 */
export default defineConfig({
  root,
  plugins: [react(), demoScript(), reportGzipSize()],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Library mode only mangles ES output unless told otherwise; partners want the smallest file.
    minify: 'oxc',
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: resolve(root, 'src/elements/index.ts'),
      formats: ['es'],
      fileName: () => BUNDLE,
    },
    rolldownOptions: {
      // Bundle everything (React included): a partner page loads exactly one file.
      external: [],
      output: {
        codeSplitting: false,
        minify: true,
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
});
