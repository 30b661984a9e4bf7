// Turns sdk/dist into the publishable package: its own package.json (exports pointing at the
// built files), the README and the licence. The workspace keeps importing the TypeScript source
// through sdk/package.json; only `npm pack sdk/dist` / `npm publish sdk/dist` ship the build.
// sdk/package.json's `./admin` (the admin panel's calls) has no counterpart here: never published.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entry = (name) => ({
  types: `./${name}.d.ts`,
  import: `./${name}.js`,
  default: `./${name}.js`,
});

const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: source.license,
  type: 'module',
  sideEffects: false,
  engines: { node: '>=22' },
  exports: {
    '.': entry('index'),
    './embed': entry('embed'),
    './contracts': entry('contracts'),
    './package.json': './package.json',
  },
  main: './index.js',
  module: './index.js',
  types: './index.d.ts',
  files: ['*.js', '*.d.ts', '*.js.map', 'README.md', 'LICENSE'],
  keywords: source.keywords,
  dependencies: source.dependencies,
};
writeFileSync(join(root, 'dist/package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(join(root, 'README.md'), join(root, 'dist/README.md'));
copyFileSync(join(root, 'LICENSE'), join(root, 'dist/LICENSE'));
