// The layering of the workspaces (../shared/STYLE.md "Layout and direction"), checked by
// scripts/layering.test.ts through dependency-cruiser's JS API, and by hand with
// `npx depcruise --config .dependency-cruiser.cjs sdk widgets portal admin server party stories scripts`.
//
// Parsing: dependency-cruiser reads TypeScript through the classic compiler API (TypeScript < 7)
// or the native one (>= 7.1); TypeScript 7.0 offers neither, and @swc/core is not installed. So
// .ts/.tsx files pass through Babel (scripts/layering-babel.cjs) down to their module references,
// which dependency-cruiser's acorn parser then reads. A type-only import arrives as
// `typeOnly('x')`, an exotic require, so rules can tell it from a runtime import.

/** The workspace packages; scripts/ and the root files (playwright.config.ts) are the root's tooling. */
const PACKAGES = '(sdk|widgets|portal|admin|server|party|stories)';
/** Tests, their helpers and the benchmarks: they may start the real server through its testing entry. */
const TEST_FILE = '[.](test|spec|test-d)[.]tsx?$|/tests/|/testing/|^server/bench/|^scripts/';
const NPM = '(^|/)node_modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contracts-import-valibot-only',
      comment: 'sdk/src/contracts is the one source of each shape and imports valibot only.',
      severity: 'error',
      from: { path: '^sdk/src/contracts/', pathNot: TEST_FILE },
      to: {
        pathNot: `^sdk/src/contracts/|${NPM}valibot/`,
      },
    },
    {
      name: 'sdk-not-upward',
      comment:
        'The SDK sits under everything: it never imports widgets, the apps, stories, party or server (its integration tests start the real server through the testing entries).',
      severity: 'error',
      from: { path: '^sdk/' },
      to: {
        path: '^(widgets|portal|admin|stories|party|server)/',
        pathNot: `^(server/src/testing|party/testing)/|${NPM}`,
      },
    },
    {
      name: 'widgets-not-upward',
      comment: 'widgets build on the SDK only; the apps and stories build on widgets.',
      severity: 'error',
      from: { path: '^widgets/' },
      to: { path: '^(portal|admin|stories|party|server)/', pathNot: NPM },
    },
    {
      name: 'widgets-reach-api-through-sdk',
      comment:
        'Widgets reach the API only through the SDK: no HTTP client of their own (tests may use one to fake the API).',
      severity: 'error',
      from: { path: '^widgets/', pathNot: TEST_FILE },
      to: { path: `${NPM}(ky|partysocket)/` },
    },
    {
      name: 'server-party-contracts-only',
      comment:
        'server and party depend on @fm/sdk/contracts only: never the ky client, React, widgets or the apps.',
      severity: 'error',
      from: { path: '^(server|party)/' },
      to: {
        path: `^(sdk/src/(?!contracts/)|widgets/|portal/|admin/|stories/)|${NPM}(ky|react|react-dom|@types/react|@types/react-dom)/`,
      },
    },
    {
      name: 'nothing-imports-apps',
      comment:
        "Nothing imports server, portal, admin or stories from elsewhere, except the server's testing entry (@fm/server/testing), which starts the real server for tests.",
      severity: 'error',
      from: { path: '^([^/]+)/' },
      to: { path: '^(server|portal|admin|stories)/', pathNot: `^$1/|^server/src/testing/|${NPM}` },
    },
    {
      name: 'testing-entries-for-tests-only',
      comment:
        '@fm/server/testing and @fm/party/testing start real servers: in other packages only tests, their helpers and the benchmarks import them.',
      severity: 'error',
      from: { path: '^([^/]+)/', pathNot: TEST_FILE },
      to: { path: '^(server/src/testing|party/testing)/', pathNot: '^$1/' },
    },
    {
      name: 'no-relative-import-across-packages',
      comment:
        'Cross-package imports go through the package name and its exports map, never ../../sdk/src/….',
      severity: 'error',
      from: { path: `^${PACKAGES}/` },
      to: {
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
        path: `^${PACKAGES}/`,
        pathNot: '^$1/',
      },
    },
    {
      name: 'no-deep-import-across-packages',
      comment: "A package's public face is its exports map: @fm/<pkg>/src/… is not an entry.",
      severity: 'error',
      from: {},
      to: { path: `${NPM}@fm/` },
    },
    {
      name: 'declared-dependencies-only',
      comment:
        "Every package imported is declared in the importing file's package.json (or the root devDependencies, for tooling).",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'] },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles; the drizzle schema files reference each other for relations.',
      severity: 'error',
      from: { pathNot: '^server/src/db/schema/' },
      to: { circular: true },
    },
    {
      name: 'portal-layers',
      comment:
        'portal/src: app > pages > layout > features > shared; a lower layer never imports a higher one.',
      severity: 'error',
      from: { path: '^portal/src/shared/' },
      to: { path: '^portal/src/(features|layout|pages|app)/' },
    },
    {
      name: 'portal-layers-features',
      comment:
        'portal/src: app > pages > layout > features > shared; a lower layer never imports a higher one.',
      severity: 'error',
      from: { path: '^portal/src/features/' },
      to: { path: '^portal/src/(layout|pages|app)/' },
    },
    {
      name: 'portal-layers-layout',
      comment:
        'portal/src: app > pages > layout > features > shared; a lower layer never imports a higher one.',
      severity: 'error',
      from: { path: '^portal/src/layout/' },
      to: { path: '^portal/src/(pages|app)/' },
    },
    {
      name: 'portal-layers-pages',
      comment:
        'portal/src: app > pages > layout > features > shared; a lower layer never imports a higher one.',
      severity: 'error',
      from: { path: '^portal/src/pages/' },
      to: { path: '^portal/src/app/' },
    },
  ],
  options: {
    parser: 'acorn',
    exoticRequireStrings: ['typeOnly'],
    combinedDependencies: true,
    preserveSymlinks: false,
    exclude: {
      path: '^[^/]+/(dist|dist-server|storybook-static|coverage|test-results|[.]wrangler)/|/migrations/',
    },
    doNotFollow: { path: '(^|/)node_modules/' },
    moduleSystems: ['es6', 'cjs'],
    babelConfig: { fileName: 'scripts/layering-babel.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
  },
};
