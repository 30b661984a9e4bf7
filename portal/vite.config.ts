import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_LINK_ATTRIBUTE,
  APP_READY_EVENT,
  FIRST_PAINT_STYLESHEET_ATTRIBUTE,
  MOBILE_BREAKPOINT_PX,
  SERVER_RENDERED_ATTRIBUTE,
} from '@fm/sdk/contracts';
// Workspace packages resolve to their source outside node_modules, so Vite bundles them into the
// config instead of leaving their TypeScript to plain Node.
import { PREACT_COMPAT_ALIASES, PREACT_SERVER_ALIASES } from '@fm/widgets/preact-aliases';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { ENTRY_PAGES, PUBLIC_PAGE_MODULES, SIGNED_IN_PARTS_MODULE } from './src/app/entry-pages.ts';
import { firstPaintCss } from './src/app/first-paint-css.ts';
import { TOKEN_STORAGE_KEY } from './src/shared/site.ts';

const root = dirname(fileURLToPath(import.meta.url));

/** How long a link a guest clicked before the app took their page over waits for it. */
const LINK_WAIT_MS = 5000;

/**
 * The script that runs before the first paint (synchronous, in <head>; a file, since the CSP
 * allows no inline script but by its hash; tiny, and fetched beside the stylesheet that holds the
 * paint anyway):
 * - marks `<html>` with `data-viewport`, and again when the width crosses the breakpoint (as
 *   @fm/widgets/viewport does once the app runs);
 * - goes in after the stylesheet, which moves ahead of every script;
 * - preloads the chunk of the page the browser opened (ENTRY_PAGES) and the chunks it imports,
 *   with the app's own code instead of after it
 *   (router.tsx loads each page on first visit);
 * - when the browser holds a session, preloads the frame's signed-in parts the same way;
 * - on a page the server rendered (rule 22: marked with SERVER_RENDERED_ATTRIBUTE, the entry
 *   script left out), loads the app: at once for a signed-in visitor (the app renders their
 *   page); for a guest, who reads the page as it came, when they first press, tap, type or tab on
 *   it, its code fetched beforehand once the page has loaded and painted and the browser is idle.
 *   A button, or a link marked APP_LINK_ATTRIBUTE, the guest clicked while the app was loading is
 *   clicked again once the app has taken the page over (APP_READY_EVENT), so the app does what it
 *   would have done (decision 036).
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
      const signedInParts = chunksOf(SIGNED_IN_PARTS_MODULE);
      // The app's code in the order it is loaded: the entry, then what it imports.
      const app = [entry.fileName, ...[...loadedByEntry].filter((file) => file !== entry.fileName)];
      const source = `(function () {
  var html = document.documentElement;
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  var phone = window.matchMedia && matchMedia('(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)');
  var markViewport = function () {
    html.setAttribute('data-viewport', phone && phone.matches ? 'mobile' : 'desktop');
  };
  markViewport();
  if (phone && phone.addEventListener) phone.addEventListener('change', markViewport);
  var preload = function (files, priority) {
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      if (priority) link.fetchPriority = priority;
      link.href = '/' + files[i];
      document.head.appendChild(link);
    }
  };
  var preloads = ${JSON.stringify(preloads)};
  var files = preloads[path] || [];
  var signedIn = false;
  try {
    signedIn = !!localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});
  } catch (e) {}
  if (signedIn) files = files.concat(${JSON.stringify(signedInParts)});
  if (html.hasAttribute(${JSON.stringify(SERVER_RENDERED_ATTRIBUTE)})) {
    var app = ${JSON.stringify(app)};
    var triggers = ['pointerdown', 'keydown', 'focusin'];
    var started = false;
    var start = function () {
      if (started) return;
      started = true;
      for (var i = 0; i < triggers.length; i++) document.removeEventListener(triggers[i], start, true);
      var load = function () {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = '/' + app[0];
        script.onerror = function () { follow(); };
        document.head.appendChild(script);
      };
      // As the entry script the server left out would: after the document is parsed.
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', load);
      else load();
    };
    // What the visitor clicked before the app took the page over, for the app to do: a button,
    // or a link marked as the app's (it carries state for the page it opens), which waits for the
    // app, or goes as a plain link if the app has not come in ${LINK_WAIT_MS} ms. Other links go.
    var clicked = [];
    var follow = function () {
      for (var i = 0; i < clicked.length; i++) if (clicked[i].tagName === 'A') return location.assign(clicked[i].href);
    };
    var remember = function (event) {
      var target = event.target && event.target.closest ? event.target.closest(${JSON.stringify(`a[href][${APP_LINK_ATTRIBUTE}], button`)}) : null;
      if (!target) return;
      if (target.tagName === 'A') {
        var url = new URL(target.href);
        var here = url.pathname === location.pathname && url.search === location.search;
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey ||
          event.shiftKey || event.altKey || (target.target && target.target !== '_self') ||
          target.hasAttribute('download') || url.origin !== location.origin || (here && url.hash)) return;
        event.preventDefault();
        setTimeout(function () { follow(); }, ${LINK_WAIT_MS});
      }
      clicked.push(target);
    };
    document.addEventListener('click', remember, true);
    document.addEventListener(${JSON.stringify(APP_READY_EVENT)}, function () {
      document.removeEventListener('click', remember, true);
      follow = function () {};
      for (var i = 0; i < clicked.length; i++) {
        if (clicked[i].isConnected) clicked[i].click();
        else if (clicked[i].tagName === 'A') location.assign(clicked[i].href);
      }
    }, { once: true });
    if (signedIn) {
      files = files.concat(app);
      start();
    } else {
      for (var i = 0; i < triggers.length; i++) document.addEventListener(triggers[i], start, true);
      // Once the page has loaded and painted its content (the load event can come before that
      // paint, which fetching and compiling the app's code would then hold up), when idle.
      var fetchApp = function () {
        (window.requestIdleCallback || setTimeout)(function () { preload(app, 'low'); });
      };
      window.addEventListener('load', function () {
        try {
          new PerformanceObserver(function (list, observer) {
            if (list.getEntriesByName('first-contentful-paint').length === 0) return;
            observer.disconnect();
            fetchApp();
          }).observe({ type: 'paint', buffered: true });
        } catch (e) {
          fetchApp();
        }
      }, { once: true });
    }
  }
  preload(files);
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
