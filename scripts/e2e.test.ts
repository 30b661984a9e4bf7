import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./e2e.mjs', import.meta.url));

describe('npm run test:e2e without Chromium', () => {
  it('stops at once with one line saying how to install it or point CHROMIUM_PATH at one', () => {
    const run = spawnSync(process.execPath, [script], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('apt-get install -y chromium');
    expect(lines[0]).toContain('CHROMIUM_PATH');
    expect(run.stdout).toBe('');
  });
});
