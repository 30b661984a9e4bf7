import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PREACT_COMPAT_ALIASES } from './preact/aliases.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The versioned folder partners load from (`/widgets/v1/…`). */
const VERSION_DIR = 'v1';
const LOADER = `${VERSION_DIR}/loader.js`;
/**
 * React stays the source's UI library; the element build runs it on preact/compat, which weighs a
 * fraction of react-dom (measured in widgets/tests/e2e/partner-embed.spec.ts and printed below).
 * `FM_WIDGETS_REACT=1 npm run build -w widgets` builds with React itself, to compare.
 */
const USE_REACT = process.env.FM_WIDGETS_REACT === '1';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/**
 * After the build: the gzip size of what each element costs a page (the loader, the element's
 * chunk and every chunk it imports), printed and written to `v1/sizes.json` (read by
 * `npm run bench`); a pinned copy of the loader, `v1/loader-<hash>.js`, and its Subresource
 * Integrity hash in `v1/integrity.json`; and `fm-widgets.js`, the first URL (rule 1), which loads the
 * loader.
 */
function sizesAndIntegrity(): Plugin {
  let outDir = resolve(root, 'dist');
  return {
    name: 'fm-sizes-and-integrity',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & OutputChunk => item.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const gz = new Map<string, number>();
      const gzipOf = (file: string) => {
        let size = gz.get(file);
        if (size === undefined) {
          size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
          gz.set(file, size);
        }
        return size;
      };
      const closure = (start: string, seen = new Set<string>()) => {
        if (seen.has(start)) return seen;
        seen.add(start);
        for (const next of byName.get(start)?.imports ?? []) closure(next, seen);
        return seen;
      };
      const total = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipOf(f), 0);
      const loaderFiles = closure(LOADER);
      const elements: Record<string, number> = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId?.match(/elements\/(fm-[a-z-]+)\.ts$/);
        if (!match?.[1] || chunk.isEntry) continue;
        elements[match[1]] = total(closure(chunk.fileName, new Set(loaderFiles)));
      }
      const sizes = {
        runtime: USE_REACT ? 'react' : 'preact/compat',
        loaderGzipBytes: total(loaderFiles),
        elementsGzipBytes: elements,
      };
      writeFileSync(join(outDir, VERSION_DIR, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(`[fm-widgets] ${sizes.runtime}; loader ${kb(sizes.loaderGzipBytes)} gzip`);
      for (const [tag, bytes] of Object.entries(elements).sort()) {
        console.log(`[fm-widgets]   ${tag.padEnd(20)} ${kb(bytes)} gzip with the loader`);
      }

      const loader = readFileSync(join(outDir, LOADER));
      const hash = createHash('sha384').update(loader).digest();
      const pinned = `${VERSION_DIR}/loader-${hash.toString('hex').slice(0, 10)}.js`;
      writeFileSync(join(outDir, pinned), loader);
      const integrity = {
        loader: `/widgets/${LOADER}`,
        pinned: `/widgets/${pinned}`,
        integrity: `sha384-${hash.toString('base64')}`,
      };
      writeFileSync(
        join(outDir, VERSION_DIR, 'integrity.json'),
        `${JSON.stringify(integrity, null, 2)}\n`,
      );
      console.log(`[fm-widgets] ${integrity.pinned} integrity="${integrity.integrity}"`);
      writeFileSync(
        join(outDir, 'fm-widgets.js'),
        `// The first address of the widgets (rule 1): loads the loader.\nimport './${LOADER}';\n`,
      );
    },
  };
}

/** Ships the demo pages' script beside the loader (served at /widgets/demo.js). */
function demoScripts(): Plugin {
  return {
    name: 'fm-demo-scripts',
    apply: 'build',
    generateBundle() {
      for (const fileName of ['demo.js']) {
        this.emitFile({
          type: 'asset',
          fileName,
          source: readFileSync(resolve(root, 'demo', fileName), 'utf8'),
        });
      }
    },
  };
}

/**
 * Builds the embeddable elements (rule 14): widgets/dist/v1/loader.js defines every fm-*
 * element and imports each element's code (dist/v1/chunks/…, content-hashed) the first time a page
 * uses it. The server serves them at /widgets/v1/… (immutable) and /widgets/fm-widgets.js.
 */
export default defineConfig({
  root,
  plugins: [react(), demoScripts(), sizesAndIntegrity()],
  define: { 'process.env.NODE_ENV': '"production"' },
  resolve: {
    alias: USE_REACT ? [] : PREACT_COMPAT_ALIASES,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Library mode only mangles ES output unless told otherwise; partners want the smallest files.
    minify: 'oxc',
    sourcemap: false,
    copyPublicDir: false,
    modulePreload: false,
    lib: {
      entry: resolve(root, 'src/elements/loader.ts'),
      formats: ['es'],
      fileName: () => LOADER,
    },
    rolldownOptions: {
      external: [],
      treeshake: {
        // valibot's functions are pure, but the contract calls them through `import * as v`,
        // which hides that: without this, every schema of a module any element uses is kept.
        manualPureFunctions: ['v'],
        // The contract spreads `Schema.entries`; no code here reads a property for its effect.
        propertyReadSideEffects: false,
      },
      output: {
        // Rolldown's own split: modules with the same importers share a file, so what every element
        // needs (UI runtime, ky, valibot, the element frame) is one file. A forced group for the
        // libraries alone cost each page a file and 0.8 KB.
        chunkFileNames: `${VERSION_DIR}/chunks/[name]-[hash].js`,
        minify: true,
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
});
