import { globSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IDependency } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { beforeAll, describe, expect, it } from 'vitest';

// The layering of ../shared/STYLE.md ("Layout and direction") as a test: dependency-cruiser runs
// the rules of .dependency-cruiser.cjs over every workspace, and each violation is listed.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['sdk', 'widgets', 'portal', 'admin', 'server', 'party', 'stories', 'scripts'];
const SOURCE = '**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}';
const SKIPPED =
  /(^|\/)(node_modules|dist|dist-server|storybook-static|coverage|test-results|migrations|\.wrangler)\//;

type PackageJson = {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Every source file of the workspaces, tracked or not (files being moved count too). */
function workspaceFiles(): string[] {
  return WORKSPACES.flatMap((workspace) =>
    globSync(SOURCE, { cwd: join(root, workspace), exclude: (name) => name === 'node_modules' })
      .map((file) => `${workspace}/${file}`)
      .filter((file) => !SKIPPED.test(file) && !file.endsWith('.d.ts')),
  ).sort();
}

/**
 * A workspace package (@fm/…) resolves through its symlink to its own folder, so
 * dependency-cruiser does not classify it as an undeclared npm package; this checks it against
 * the importing file's package.json the same way.
 */
function undeclaredWorkspaceImports(result: ICruiseResult): string[] {
  const rootDev = readPackage('.').devDependencies ?? {};
  const declared = new Map(
    WORKSPACES.filter((w) => w !== 'scripts').map((w) => {
      const pkg = readPackage(w);
      return [
        w,
        new Set([
          ...Object.keys(pkg.dependencies ?? {}),
          ...Object.keys(pkg.devDependencies ?? {}),
        ]),
      ];
    }),
  );
  const found: string[] = [];
  for (const module of result.modules) {
    const workspace = module.source.split('/')[0] ?? '';
    if (!WORKSPACES.includes(workspace)) continue;
    for (const dependency of module.dependencies) {
      if (!dependency.dependencyTypes.includes('aliased-workspace')) continue;
      const parts = dependency.module.split('/');
      const name = (dependency.module.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join(
        '/',
      );
      const ownName = workspace === 'scripts' ? undefined : readPackage(workspace).name;
      const ok = name === ownName || name in rootDev || declared.get(workspace)?.has(name) === true;
      if (!ok) found.push(`  declared-dependencies-only: ${module.source} → ${dependency.module}`);
    }
  }
  return found;
}

function describeViolation(v: ICruiseResult['summary']['violations'][number]): string {
  const cycle = v.cycle?.map((step) => step.name).join(' → ');
  return `  ${v.rule.name}: ${v.from} → ${cycle ?? v.to}`;
}

describe('layering (.dependency-cruiser.cjs)', () => {
  let result: ICruiseResult;

  beforeAll(async () => {
    const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
    const babelConfig = await extractBabelConfig(join(root, 'scripts/layering-babel.cjs'));
    const previous = process.cwd();
    process.chdir(root);
    try {
      const reported = await cruise(workspaceFiles(), options, {}, { babelConfig });
      result = reported.output as ICruiseResult;
    } finally {
      process.chdir(previous);
    }
  }, 180_000);

  it('reads every workspace, type-only imports included', () => {
    const sources = result.modules.map((m) => m.source);
    for (const workspace of WORKSPACES) {
      expect(
        sources.filter((s) => s.startsWith(`${workspace}/`)).length,
        workspace,
      ).toBeGreaterThan(0);
    }
    const dependencies: IDependency[] = result.modules.flatMap((m) => m.dependencies);
    // Without Babel every .ts file would parse loosely and lose most imports; these prove it ran.
    expect(dependencies.length).toBeGreaterThan(3000);
    expect(dependencies.some((d) => d.dependencyTypes.includes('exotic-require'))).toBe(true);
  });

  it('has no violation of the layering rules', () => {
    const violations = [
      ...result.summary.violations.map(describeViolation),
      ...undeclaredWorkspaceImports(result),
    ];
    expect(violations, `layering violations:\n${violations.join('\n')}\n`).toEqual([]);
  });
});
