import { createHash } from 'node:crypto';
import { DEFERRED_STYLESHEET_ATTRIBUTE, FIRST_PAINT_STYLESHEET_ATTRIBUTE } from '@fm/sdk/contracts';

const STYLESHEET = /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g;
const FIRST_PAINT = new RegExp(` ${FIRST_PAINT_STYLESHEET_ATTRIBUTE}="\\/(assets\\/[^"]+\\.css)"`);
const BLOCKING_SCRIPT = /<script src="\/(assets\/[^"]+\.js)"><\/script>/g;

/** A CSP source that allows an inline script with exactly this text. */
export const scriptHashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * A public page's shell with what holds its first paint written into it: the stylesheets as
 * `<style>` and the blocking first-page script as an inline `<script>`, so the page paints from its
 * HTML alone, with no request before it (on a phone's network each is a round trip). A stylesheet
 * whose link names its first-paint part (FIRST_PAINT_STYLESHEET_ATTRIBUTE) is inlined as that part,
 * and itself follows as a link the paint does not wait for (`media="print"`, marked with
 * DEFERRED_STYLESHEET_ATTRIBUTE; the app switches it on). Returns the CSP sources that allow those
 * scripts. A file `readAsset` cannot give (null), or whose text would end its element early,
 * stays a link.
 *
 * @example
 * inlineFirstPaint(indexHtml, (path) => readFileSync(join('portal/dist', path), 'utf8'));
 * // { html: '…<style>…</style><script>(function () {…</script>…', scriptSources: ["'sha256-…'"] }
 */
export function inlineFirstPaint(
  html: string,
  readAsset: (path: string) => string | null,
): { html: string; scriptSources: string[] } {
  const scriptSources: string[] = [];
  const inlined = html
    .replace(STYLESHEET, (link, path: string) => {
      const inline = (css: string | null): css is string => css !== null && !/<\/style/i.test(css);
      const firstPaintPath = FIRST_PAINT.exec(link)?.[1];
      const firstPaint = firstPaintPath ? readAsset(firstPaintPath) : null;
      if (inline(firstPaint)) {
        const deferred = link
          .replace(FIRST_PAINT, '')
          .replace(/>$/, ` media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}>`);
        return `<style>${firstPaint}</style>\n    ${deferred}`;
      }
      const css = readAsset(path);
      return inline(css) ? `<style>${css}</style>` : link.replace(FIRST_PAINT, '');
    })
    .replace(BLOCKING_SCRIPT, (tag, path: string) => {
      const script = readAsset(path);
      if (script === null || /<\/script/i.test(script)) return tag;
      scriptSources.push(scriptHashSource(script));
      return `<script>${script}</script>`;
    });
  return { html: inlined, scriptSources };
}
