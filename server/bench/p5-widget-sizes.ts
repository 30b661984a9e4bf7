import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Measurement } from './measurement.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SIZES = `${root}widgets/dist/v1/sizes.json`;
/** P5: a page with a working booking modal, our code, gzipped. */
const BUDGET_KB = 40;

interface Sizes {
  runtime: string;
  loaderGzipBytes: number;
  elementsGzipBytes: Record<string, number>;
}

/**
 * P5 (issue 12): what each element costs a page — the loader, the element's chunk and every chunk
 * it imports, gzipped — from the widgets build (`widgets/dist/v1/sizes.json`, built first when
 * missing). The booking modal's figure is held to the 40 KB budget; the browser-measured check is
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
    const booking = sizes.elementsGzipBytes['fm-booking-modal'] ?? Number.NaN;
    return {
      aims: [
        {
          id: 'P5',
          label: 'page with a booking modal, our code gzipped',
          measured: kb(booking),
          aim: BUDGET_KB,
          kind: 'max',
          unit: 'KB',
          detail: `runtime ${sizes.runtime}`,
        },
      ],
      notes: [
        `loader: ${kb(sizes.loaderGzipBytes)} KB gzip`,
        ...Object.entries(sizes.elementsGzipBytes)
          .sort()
          .map(([tag, bytes]) => `${tag}: ${kb(bytes)} KB gzip with the loader and shared chunks`),
      ],
    };
  },
};
