import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsdown';

const require = createRequire(import.meta.url);

/** TypeScript 7's native compiler: it writes the declarations that tsdown then bundles. */
const nativeTsc = join(
  dirname(
    require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`),
  ),
  'lib',
  'tsc',
);

/**
 * The published build: three ESM entries (the client, the plain calls of `./embed`, the contract)
 * with bundled declarations; ky, valibot, partysocket and standardwebhooks stay dependencies. `platform: 'neutral'`
 * keeps Node built-ins out (browsers and edge runtimes). The workspace-only `./admin` entry (the
 * admin panel's calls) is deliberately not built: it is never published.
 */
export default defineConfig({
  entry: { index: 'src/index.ts', embed: 'src/embed.ts', contracts: 'src/contracts/index.ts' },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  tsconfig: 'tsconfig.build.json',
  dts: { generator: 'tsgo', tsgo: { path: nativeTsc } },
  outDir: 'dist',
  clean: true,
  sourcemap: true,
});
