import { fileURLToPath } from 'node:url';

/**
 * Vite aliases that run React code on Preact: the element build (decision 017) and the portal
 * (decision 022) ship it, for a fraction of react-dom's bytes and start-up time. `react` itself is
 * `./react.ts` (preact/compat with a page-wide `useId`). The source stays React's; unit tests and
 * Storybook run React itself.
 *
 * @example
 * defineConfig({ resolve: { alias: PREACT_COMPAT_ALIASES } });
 */
const aliasesWithReactAt = (file: string) => [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // The portal's server entry (rule 22): preact-render-to-string.
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL(file, import.meta.url)) },
];

export const PREACT_COMPAT_ALIASES = aliasesWithReactAt('./react.ts');

/**
 * The same for the portal's server entry (rule 22), where `react` is `./react-server.ts`: ids the
 * server entry restarts for each page.
 *
 * @example
 * defineConfig({ resolve: { alias: PREACT_SERVER_ALIASES }, ssr: { noExternal: true } });
 */
export const PREACT_SERVER_ALIASES = aliasesWithReactAt('./react-server.ts');
