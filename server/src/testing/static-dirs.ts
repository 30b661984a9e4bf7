import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StaticDirs } from '../http/static-apps.ts';

/**
 * The built apps' folders under `root`, laid out as the server serves them, each with an empty
 * `assets/` folder: the test writes the files it serves.
 * @example const dirs = makeStaticDirs(root); writeFileSync(join(dirs.portal, 'index.html'), '<title>portal</title>');
 */
export function makeStaticDirs(root: string): StaticDirs {
  const dirs = {
    portal: join(root, 'portal'),
    admin: join(root, 'admin'),
    widgets: join(root, 'widgets'),
    widgetsDemo: join(root, 'demo'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(join(dir, 'assets'), { recursive: true });
  return dirs;
}
