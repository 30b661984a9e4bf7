#!/usr/bin/env node
// The quick loop (`npm run test:quick`): typecheck, lint, the unit tests without the slow suites
// (vitest.config.ts `SLOW_SUITES`), the three apps built, and the end-to-end tests tagged @smoke.
// `npm test` stays the full run CI makes. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit tests (quick set)', ['run', 'test:unit'], { TEST_SET: 'quick' }],
  ['build widgets', ['run', 'build', '-w', 'widgets']],
  ['build portal', ['run', 'build', '-w', 'portal']],
  ['build admin', ['run', 'build', '-w', 'admin']],
  ['end-to-end smoke', ['run', 'test:e2e', '--', '--grep', '@smoke']],
];

const npm = process.env.npm_execpath;
const started = performance.now();
const timings = [];
for (const [name, args, env] of steps) {
  const t0 = performance.now();
  console.log(`\n[test:quick] ${name}`);
  // npm_execpath is npm's own CLI script: run it on this Node (24), like `npm run` does.
  const result = npm
    ? spawnSync(process.execPath, [npm, ...args], {
        stdio: 'inherit',
        env: { ...process.env, ...env },
      })
    : spawnSync('npm', args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, (performance.now() - t0) / 1000]);
  if (result.status !== 0) {
    console.error(`\n[test:quick] ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n[test:quick] passed');
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(24)} ${seconds.toFixed(0)} s`);
console.log(`  ${'total'.padEnd(24)} ${((performance.now() - started) / 1000).toFixed(0)} s`);
