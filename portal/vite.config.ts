import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PAINT_STYLESHEET_ATTRIBUTE, MOBILE_BREAKPOINT_PX } from '@fm/sdk/contracts';
// Workspace packages resolve to their source outside node_modules, so Vite bundles them into the
// config instead of leaving their TypeScript to plain Node.
import { PREACT_COMPAT_ALIASES, PREACT_SERVER_ALIASES } from '@fm/widgets/preact-aliases';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { ENTRY_PAGES, PUBLIC_PAGE_MODULES, SIGNED_IN_PARTS_MODULE } from './src/app/entry-pages.ts';
import { firstPaintCss } from './src/app/first-paint-css.ts';
import { TOKEN_STORAGE_KEY } from './src/shared/site.ts';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * The script that runs before the first paint (synchronous, in <head>; a file, since the CSP
 * allows no inline script but by its hash; tiny, and fetched beside the stylesheet that holds the
 * paint anyway):
 * - marks `<html>` with `data-viewport` (as @fm/widgets/viewport does later);
 * - goes in after the stylesheet, which moves ahead of every script;
 * - preloads the chunk of the page the browser opened (ENTRY_PAGES) and the chunks it imports,
 *   with the app's own code instead of after it
 *   (router.tsx loads each page on first visit);
 * - when the browser holds a session, preloads the frame's signed-in parts the same way.
 * The server writes it into a public page's HTML (rule 22), allowed there by its hash.
 *
 * It also writes the public pages' first-paint stylesheet (firstPaintCss: the rules the code of
 * the entry and of PUBLIC_PAGE_MODULES can use) and names it on the stylesheet's link
 * (FIRST_PAINT_STYLESHEET_ATTRIBUTE), for the server to inline.
 */
function firstPageScript(): Plugin {
  return {
    name: 'fm-first-page-script',
    apply: 'build',
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? join(root, 'dist');
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('first-page script: the build has no entry chunk');
      const loadedByEntry = closure(entry.fileName);
      /** A module's chunk and the chunks it imports that the app's own code does not load. */
      const chunksOf = (module: string): string[] => {
        const chunk = [...chunks.values()].find(
          (each) => each.facadeModuleId === resolve(root, module),
        );
        if (!chunk) throw new Error(`first-page script: no chunk of its own for ${module}`);
        return [...closure(chunk.fileName)].filter((file) => !loadedByEntry.has(file));
      };
      const preloads: Record<string, string[]> = {};
      for (const [path, module] of Object.entries(ENTRY_PAGES)) preloads[path] = chunksOf(module);
      const signedIn = chunksOf(SIGNED_IN_PARTS_MODULE);
      const source = `(function () {
  var html = document.documentElement;
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  var mobile = window.matchMedia && matchMedia('(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)').matches;
  html.setAttribute('data-viewport', mobile ? 'mobile' : 'desktop');
  var preloads = ${JSON.stringify(preloads)};
  var files = preloads[path] || [];
  try {
    if (localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})) files = files.concat(${JSON.stringify(signedIn)});
  } catch (e) {}
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + files[i];
    document.head.appendChild(link);
  }
})();
`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/first-page-${hash}.js`;
      writeFileSync(join(outDir, fileName), source);
      const htmlFile = join(outDir, 'index.html');
      const built = readFileSync(htmlFile, 'utf8');
      const sheet = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)"/.exec(built);
      if (!sheet?.[1]) throw new Error('first-page script: index.html links no stylesheet');
      const publicCode = new Set([
        ...loadedByEntry,
        ...PUBLIC_PAGE_MODULES.flatMap((module) => chunksOf(module)),
      ]);
      const firstPaint = await firstPaintCss(readFileSync(join(outDir, sheet[1]), 'utf8'), [
        ...[...publicCode].map((file) => chunks.get(file)?.code ?? ''),
        source,
      ]);
      const firstPaintName = `assets/first-paint-${createHash('sha256').update(firstPaint).digest('base64url').slice(0, 8)}.css`;
      writeFileSync(join(outDir, firstPaintName), firstPaint);
      const html = built.replace(
        sheet[0],
        `${sheet[0]} ${FIRST_PAINT_STYLESHEET_ATTRIBUTE}="/${firstPaintName}"`,
      );
      // The stylesheet first: a page the server rendered (rule 22) paints once it has arrived, and
      // the scripts and their preloads come after it.
      const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
      const withoutStylesheets = stylesheets.reduce((rest, link) => rest.replace(link, ''), html);
      const first = [
        ...stylesheets.map((link) => link.trim()),
        `<script src="/${fileName}"></script>`,
      ];
      writeFileSync(
        htmlFile,
        withoutStylesheets.replace(
          '<script type="module"',
          `${first.join('\n    ')}\n    <script type="module"`,
        ),
      );
    },
  };
}

/**
 * The built portal runs its React code on preact/compat (decision 022): on a phone the first screen
 * waits for the UI runtime's bytes and start-up. `FM_PORTAL_REACT=1 npm run build -w portal` builds
 * with React itself, to compare; the dev server runs React (its fast refresh needs React).
 */
const USE_REACT = process.env.FM_PORTAL_REACT === '1';

/**
 * `vite build --ssr src/server-entry.tsx` (rule 22): the public pages' renderer for the API process,
 * one self-contained module tree in `dist-server/` (every library bundled, so the components run
 * on the same preact/compat as in the browser), loaded by the server by path.
 */
const serverEntryBuild: UserConfig = {
  plugins: [react()],
  resolve: { alias: PREACT_SERVER_ALIASES },
  define: { 'process.env.NODE_ENV': '"production"' },
  ssr: { noExternal: true },
  build: { outDir: 'dist-server', emptyOutDir: true, sourcemap: true },
};

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? serverEntryBuild
    : {
        plugins: [react(), firstPageScript()],
        base: '/',
        resolve: { alias: USE_REACT || command !== 'build' ? [] : PREACT_COMPAT_ALIASES },
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
            treeshake: {
              // The SDK's and the widgets' modules do nothing when imported but define things: a page
              // chunk that uses a widget takes it along, instead of every module behind the widgets'
              // index landing in the first chunk (what importing a barrel does to modules with effects).
              moduleSideEffects: [
                { test: /\.css$/, sideEffects: true },
                { test: /[\\/](widgets|sdk)[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
              ],
            },
            output: {
              // The UI runtime changes less often than the app: its own chunk stays cached across
              // releases. Other libraries go with the page chunks that use them (no catch-all vendor
              // chunk), so the first screen loads only what the layout and its page need.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/,
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
                ],
              },
            },
          },
        },
      },
);
