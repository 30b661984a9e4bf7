#!/usr/bin/env node
// The production build of the API: server/src/{main,migrate,mail-worker}.ts (and the search
// threads' list-worker.ts and the AI search's ranker-worker.ts) bundled by esbuild into
// plain ES modules in server/dist/, run by `node` with no TypeScript loader. Packages stay external
// (installed by `npm install --omit=dev`), except the workspace's own @fm/sdk, whose TypeScript is
// bundled in. The drizzle migrations are copied beside the bundle, where the code looks for them.
import { cpSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir=<dir>` builds elsewhere (tests build a private copy inside the repository, where the
// external packages resolve from node_modules).
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
const dist = outdir ? resolve(outdir) : resolve(server, 'dist');

/** Bare imports are left to Node's resolution, except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@fm/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    main: resolve(server, 'src/main.ts'),
    migrate: resolve(server, 'src/migrate.ts'),
    'mail-worker': resolve(server, 'src/mail-worker.ts'),
    // The threads' modules, loaded by path beside the bundle (db/read-thread.ts).
    'list-worker': resolve(server, 'src/features/discovery/list-worker.ts'),
    'ranker-worker': resolve(server, 'src/features/ai-search/ranker-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
  banner: { js: '// Built by server/scripts/build.mjs; do not edit.' },
});
cpSync(resolve(server, 'src/db/migrations'), resolve(dist, 'migrations'), { recursive: true });
console.log(`server built into ${dist}`);
