import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Measurement } from './measurement.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SIZES = `${root}widgets/dist/v1/sizes.json`;
/** P5: a partner page with any one working element, our code, gzipped. */
const BUDGET_KB = 40;

interface Sizes {
  runtime: string;
  loaderGzipBytes: number;
  elementsGzipBytes: Record<string, number>;
}

/**
 * P5: what each element costs a page — the loader, the element's chunk and every chunk
 * it imports, gzipped — from the widgets build (`widgets/dist/v1/sizes.json`, built first when
 * missing). Every element is an aim against the 40 KB budget; the browser-measured check is
 * widgets/tests/e2e/partner-embed.spec.ts.
 */
export const p5WidgetSizes: Measurement = {
  id: 'P5',
  title: 'Widget sizes (gzip, loader + element + shared chunks)',
  async run(ctx) {
    if (!existsSync(SIZES)) {
      ctx.log('building the widgets for their sizes…');
      spawnSync('npm', ['run', 'build', '-w', 'widgets'], { cwd: root, stdio: 'inherit' });
    }
    const sizes = JSON.parse(readFileSync(SIZES, 'utf8')) as Sizes;
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    return {
      aims: Object.entries(sizes.elementsGzipBytes)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([tag, bytes]) => ({
          id: 'P5',
          label: `page with ${tag}, our code gzipped`,
          measured: kb(bytes),
          aim: BUDGET_KB,
          kind: 'max' as const,
          unit: 'KB' as const,
          detail: `runtime ${sizes.runtime}, with the loader and shared chunks`,
        })),
      notes: [`loader: ${kb(sizes.loaderGzipBytes)} KB gzip`],
    };
  },
};
